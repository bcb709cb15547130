// Package pgxstore is the pgx v5 (pgxpool) implementation of the
// repositories.
package pgxstore

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/idemvet/idemvet/testdata/e2e/internal/notify"
	"github.com/idemvet/idemvet/testdata/e2e/internal/payments"
)

type Store struct {
	Pool     *pgxpool.Pool
	Payments *payments.Client
	Events   *notify.Publisher
}

func Open(ctx context.Context, dsn string) (*pgxpool.Pool, error) {
	return pgxpool.New(ctx, dsn)
}

func New(pool *pgxpool.Pool, pay *payments.Client, ev *notify.Publisher) *Store {
	return &Store{Pool: pool, Payments: pay, Events: ev}
}
