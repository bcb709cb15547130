// Package txn runs a function in a transaction carried by its context,
// which the storage package's queries pick up.
package txn

import (
	"context"
	"database/sql"
)

type key struct{}

func InTx(ctx context.Context, db *sql.DB, fn func(ctx context.Context) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(context.WithValue(ctx, key{}, tx)); err != nil {
		return err
	}
	return tx.Commit()
}

// From returns the transaction of ctx, if any.
func From(ctx context.Context) (*sql.Tx, bool) {
	tx, ok := ctx.Value(key{}).(*sql.Tx)
	return tx, ok
}
