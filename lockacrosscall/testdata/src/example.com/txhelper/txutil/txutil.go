// Package txutil is an application's own transaction helper.
package txutil

import (
	"context"
	"database/sql"
)

// WithTx runs fn in a transaction and commits when it returns nil.
func WithTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
