// Package store claims deliveries: the inbox table records each delivery
// id once.
package store

import (
	"context"
	"database/sql"
)

// Execer runs a statement on a pool or in a transaction.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Claim records id; it reports false when a delivery with that id was
// recorded before.
func Claim(ctx context.Context, q Execer, id string) (bool, error) {
	res, err := q.ExecContext(ctx, `INSERT INTO inbox (delivery_id) VALUES ($1) ON CONFLICT DO NOTHING`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Credit adds to a wallet: counted twice when run twice.
func Credit(ctx context.Context, q Execer, customer string, amount int64) error {
	_, err := q.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE customer = $2`, amount, customer)
	return err
}
