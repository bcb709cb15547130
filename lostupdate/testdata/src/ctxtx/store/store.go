// Package store runs its queries on the transaction the context carries.
package store

import (
	"context"
	"database/sql"
)

type txKey struct{}

// InTx runs fn with a context carrying a new transaction.
func InTx(ctx context.Context, db *sql.DB, fn func(ctx context.Context) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		return err
	}
	return tx.Commit()
}

type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

type Wallets struct{ DB *sql.DB }

func (w *Wallets) q(ctx context.Context) querier {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx
	}
	return w.DB
}

func (w *Wallets) Balance(ctx context.Context, id int64) (int64, error) {
	var b int64
	err := w.q(ctx).QueryRowContext(ctx, `SELECT balance FROM wallets WHERE id = $1`, id).Scan(&b)
	return b, err
}

func (w *Wallets) BalanceForUpdate(ctx context.Context, id int64) (int64, error) {
	var b int64
	err := w.q(ctx).QueryRowContext(ctx, `SELECT balance FROM wallets WHERE id = $1 FOR UPDATE`, id).Scan(&b)
	return b, err
}

func (w *Wallets) SetBalance(ctx context.Context, id, balance int64) error {
	_, err := w.q(ctx).ExecContext(ctx, `UPDATE wallets SET balance = $1 WHERE id = $2`, balance, id)
	return err
}
