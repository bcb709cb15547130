// Package sqlstore is the database/sql (lib/pq) implementation of the
// repositories.
package sqlstore

import (
	"database/sql"

	_ "github.com/lib/pq" // registers the "postgres" driver

	"github.com/idemvet/idemvet/testdata/e2e/internal/notify"
	"github.com/idemvet/idemvet/testdata/e2e/internal/payments"
)

// Store bundles the handle and the collaborators of the repositories.
type Store struct {
	DB       *sql.DB
	Payments *payments.Client
	Events   *notify.Publisher
}

func Open(dsn string) (*sql.DB, error) {
	return sql.Open("postgres", dsn)
}

func New(db *sql.DB, pay *payments.Client, ev *notify.Publisher) *Store {
	return &Store{DB: db, Payments: pay, Events: ev}
}
