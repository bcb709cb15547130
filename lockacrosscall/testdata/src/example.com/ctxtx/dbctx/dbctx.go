// Package dbctx carries a transaction in the context: a manager begins it
// and runs a use case with a context holding it; repositories pick it up
// with Conn, which falls back to the pool.
package dbctx

import (
	"context"
	"database/sql"
)

type txKey struct{}

// DBTX is what repositories run queries on: the pool or the transaction.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// WithTx returns a context carrying tx.
func WithTx(ctx context.Context, tx *sql.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// TxFrom returns the transaction ctx carries.
func TxFrom(ctx context.Context) (*sql.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(*sql.Tx)
	return tx, ok
}

// Conn returns the transaction ctx carries, or the pool.
func Conn(ctx context.Context, db *sql.DB) DBTX {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return db
}

// Manager runs functions inside transactions.
type Manager struct{ DB *sql.DB }

// WithinTransaction runs fn with a context carrying a new transaction and
// commits when fn succeeds.
func (m *Manager) WithinTransaction(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := m.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(WithTx(ctx, tx)); err != nil {
		return err
	}
	return tx.Commit()
}
