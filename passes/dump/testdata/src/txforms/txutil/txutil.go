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

type txKey struct{}

type labelKey struct{}

// BeginLabeled begins a transaction, puts it in the context and labels the
// context in a loop: the context returned is a phi of a cycle.
func BeginLabeled(ctx context.Context, db *sql.DB, labels []string) (context.Context, error) { // want BeginLabeled:"begins a transaction carried by the context r0"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return ctx, err
	}
	ctx = context.WithValue(ctx, txKey{}, tx)
	for _, l := range labels {
		ctx = context.WithValue(ctx, labelKey{}, l)
	}
	return ctx, nil
}

// Labeled returns the transaction it begins beside a context labeled in a
// loop that never holds it (the walk from the returned context around the
// loop's phi must end: this shape overflowed the stack on temporal).
func Labeled(ctx context.Context, db *sql.DB, labels []string) (context.Context, *sql.Tx, error) { // want Labeled:"begins a transaction returned as r1"
	tx, err := db.BeginTx(ctx, nil)
	for _, l := range labels {
		ctx = context.WithValue(ctx, labelKey{}, l)
	}
	return ctx, tx, err
}
