// Package sqlxstore is the sqlx implementation of the product, document and
// job repositories.
package sqlxstore

import (
	"github.com/jmoiron/sqlx"

	"github.com/idemvet/idemvet/testdata/e2e/internal/payments"
)

type Store struct {
	DB       *sqlx.DB
	Payments *payments.Client
}

func Open(dsn string) (*sqlx.DB, error) {
	return sqlx.Open("postgres", dsn)
}
