package txutil

import (
	"context"
	"database/sql"
)

func WithTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error { // want WithTx:"runs p2 in a transaction"
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

func Serializable(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error { // want Serializable:"runs p2 in a transaction .serializable."
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Retry wraps WithTx: a helper of a helper.
func Retry(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error { // want Retry:"runs p2 in a transaction"
	return WithTx(ctx, db, fn)
}
