// Package dbctx carries the request's transaction in its context.
package dbctx

import (
	"context"
	"database/sql"
)

type txKey struct{}

// Querier is what repositories run statements on.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Conn returns the transaction ctx carries, or db.
func Conn(ctx context.Context, db *sql.DB) Querier {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx
	}
	return db
}

// Manager begins transactions.
type Manager struct{ DB *sql.DB }

// WithinTransaction runs fn with a context carrying a transaction, and
// commits when fn succeeds.
func (m *Manager) WithinTransaction(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := m.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		return err
	}
	return tx.Commit()
}
