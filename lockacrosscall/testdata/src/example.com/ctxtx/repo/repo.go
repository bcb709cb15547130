// Package repo reads and writes accounts on whatever the context carries.
package repo

import (
	"context"
	"database/sql"

	"example.com/ctxtx/dbctx"
)

type Accounts struct{ DB *sql.DB }

type Account struct {
	ID         int64
	CustomerID string
	Balance    int64
}

// conn is the repository's accessor: the transaction of ctx, or the pool.
func (r *Accounts) conn(ctx context.Context) dbctx.DBTX { return dbctx.Conn(ctx, r.DB) }

// Lock reads the account and locks its row.
func (r *Accounts) Lock(ctx context.Context, id int64) (*Account, error) {
	var a Account
	err := r.conn(ctx).QueryRowContext(ctx, `SELECT id, customer_id, balance FROM accounts WHERE id = $1 FOR UPDATE`, id).Scan(&a.ID, &a.CustomerID, &a.Balance)
	return &a, err
}

// Get reads the account without a lock.
func (r *Accounts) Get(ctx context.Context, id int64) (*Account, error) {
	var a Account
	err := r.conn(ctx).QueryRowContext(ctx, `SELECT id, customer_id, balance FROM accounts WHERE id = $1`, id).Scan(&a.ID, &a.CustomerID, &a.Balance)
	return &a, err
}

// Debit writes the new balance.
func (r *Accounts) Debit(ctx context.Context, id, amount int64) error {
	_, err := r.conn(ctx).ExecContext(ctx, `UPDATE accounts SET balance = balance - $1 WHERE id = $2`, amount, id)
	return err
}
