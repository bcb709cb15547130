// Package db opens the pool and prepares the service's statements on each
// new connection.
package db

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	StmtAccountByOwner = "account_by_owner"
	StmtDebit          = "debit"
)

func Open(ctx context.Context, dsn string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, err
	}
	cfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
		if _, err := c.Prepare(ctx, StmtAccountByOwner, `SELECT id, balance FROM accounts WHERE owner = $1`); err != nil {
			return err
		}
		_, err := c.Prepare(ctx, StmtDebit, `UPDATE accounts SET balance = balance - $2 WHERE id = $1 AND balance >= $2`)
		return err
	}
	return pgxpool.NewWithConfig(ctx, cfg)
}
