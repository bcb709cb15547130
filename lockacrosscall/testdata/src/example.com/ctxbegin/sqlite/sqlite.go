// Package sqlite implements the manager and the stores.
package sqlite

import (
	"context"
	"errors"

	"github.com/jmoiron/sqlx"
)

type key int

const txnKey key = 1

type Database struct{ db *sqlx.DB }

func (d *Database) Begin(ctx context.Context, writable bool) (context.Context, error) {
	tx, err := d.db.BeginTxx(ctx, nil)
	if err != nil {
		return nil, err
	}
	return context.WithValue(ctx, txnKey, tx), nil
}

func (d *Database) Commit(ctx context.Context) error {
	tx, ok := ctx.Value(txnKey).(*sqlx.Tx)
	if !ok {
		return errors.New("not in transaction")
	}
	return tx.Commit()
}

func (d *Database) Rollback(ctx context.Context) error {
	tx, ok := ctx.Value(txnKey).(*sqlx.Tx)
	if !ok {
		return errors.New("not in transaction")
	}
	return tx.Rollback()
}

func getTx(ctx context.Context) (*sqlx.Tx, error) {
	tx, ok := ctx.Value(txnKey).(*sqlx.Tx)
	if !ok || tx == nil {
		return nil, errors.New("not in transaction")
	}
	return tx, nil
}

type Scenes struct{}

func (Scenes) SetTitle(ctx context.Context, id int64, title string) error {
	tx, err := getTx(ctx)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE scenes SET title = ? WHERE id = ?`, title, id)
	return err
}
