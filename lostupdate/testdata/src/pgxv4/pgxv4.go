package pgxv4

import (
	"context"

	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
)

func Debit(ctx context.Context, pool *pgxpool.Pool, id, amount int64) error {
	return pool.BeginFunc(ctx, func(tx pgx.Tx) error {
		var bal int64
		if err := tx.QueryRow(ctx, "SELECT balance FROM accounts WHERE id = $1", id).Scan(&bal); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", bal-amount, id) // want `lost update on accounts.balance`
		return err
	})
}

// ---- silent ----

func DebitLocked(ctx context.Context, pool *pgxpool.Pool, id, amount int64) error {
	return pool.BeginFunc(ctx, func(tx pgx.Tx) error {
		var bal int64
		if err := tx.QueryRow(ctx, "SELECT balance FROM accounts WHERE id = $1 FOR UPDATE", id).Scan(&bal); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", bal-amount, id) // ok: the row is locked
		return err
	})
}
