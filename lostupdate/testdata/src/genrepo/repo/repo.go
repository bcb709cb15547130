// Package repo is a generic repository: one interface over the rows of a
// kind T, one SQL implementation for every kind, instantiated by the
// service with its row type.
package repo

import (
	"context"
	"database/sql"
)

// Wallet is a row of wallets.
type Wallet struct {
	ID      int64
	Balance int64
}

// Store reads and writes the balances of the rows of kind T.
type Store[T any] interface {
	Load(ctx context.Context, id int64) (T, error)
	Balance(ctx context.Context, id int64) (int64, error)
	SetBalance(ctx context.Context, id, balance int64) error
	AddBalance(ctx context.Context, id, delta int64) error
}

// SQLStore is the Store of every kind, scanning rows with scan.
type SQLStore[T any] struct {
	db   *sql.DB
	scan func(*sql.Row) (T, error)
}

func NewSQLStore[T any](db *sql.DB, scan func(*sql.Row) (T, error)) *SQLStore[T] {
	return &SQLStore[T]{db: db, scan: scan}
}

func (s *SQLStore[T]) Load(ctx context.Context, id int64) (T, error) {
	return s.scan(s.db.QueryRowContext(ctx, `SELECT id, balance FROM wallets WHERE id = $1`, id))
}

func (s *SQLStore[T]) Balance(ctx context.Context, id int64) (int64, error) {
	var b int64
	err := s.db.QueryRowContext(ctx, `SELECT balance FROM wallets WHERE id = $1`, id).Scan(&b)
	return b, err
}

func (s *SQLStore[T]) SetBalance(ctx context.Context, id, balance int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE wallets SET balance = $1 WHERE id = $2`, balance, id)
	return err
}

func (s *SQLStore[T]) AddBalance(ctx context.Context, id, delta int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE id = $2`, delta, id)
	return err
}

func (s *SQLStore[T]) Close() error { return s.db.Close() }
