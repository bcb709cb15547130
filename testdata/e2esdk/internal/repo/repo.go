// Package repo reads and writes on the transaction of the context.
package repo

import (
	"context"
	"database/sql"

	"github.com/idemvet/idemvet/testdata/e2esdk/internal/dbctx"
)

type Accounts struct{ DB *sql.DB }

// LockCustomer locks the account row and returns its payment customer.
func (r *Accounts) LockCustomer(ctx context.Context, id int64) (string, error) {
	var customer string
	err := dbctx.Conn(ctx, r.DB).QueryRowContext(ctx, `SELECT customer_id FROM accounts WHERE id = $1 FOR UPDATE`, id).Scan(&customer)
	return customer, err
}

// Customer reads it without a lock.
func (r *Accounts) Customer(ctx context.Context, id int64) (string, error) {
	var customer string
	err := dbctx.Conn(ctx, r.DB).QueryRowContext(ctx, `SELECT customer_id FROM accounts WHERE id = $1`, id).Scan(&customer)
	return customer, err
}

// SetAvatar records the account's avatar key.
func (r *Accounts) SetAvatar(ctx context.Context, id int64, key string) error {
	_, err := dbctx.Conn(ctx, r.DB).ExecContext(ctx, `UPDATE accounts SET avatar_key = $1 WHERE id = $2`, key, id)
	return err
}
