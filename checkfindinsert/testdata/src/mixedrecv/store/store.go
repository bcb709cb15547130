// Package store is a ledger's repository: most methods on the value, a few
// on the pointer, so only *Store implements DataSource.
package store

import (
	"context"
	"database/sql"
)

// DataSource is what the service uses.
type DataSource interface {
	RefundedAlready(ctx context.Context, parent string) (bool, error)
	RecordRefund(ctx context.Context, id, parent string) error
	RecordRefundOnce(ctx context.Context, id, parent string) (bool, error)
	Close() error
}

type Store struct{ db *sql.DB }

func New(db *sql.DB) DataSource { return &Store{db: db} }

func (s Store) RefundedAlready(ctx context.Context, parent string) (bool, error) {
	var ok bool
	err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM refunds WHERE parent_id = $1)`, parent).Scan(&ok)
	return ok, err
}

func (s Store) RecordRefund(ctx context.Context, id, parent string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO refunds (id, parent_id) VALUES ($1, $2)`, id, parent)
	return err
}

// RecordRefundOnce reports whether this call inserted the refund.
func (s Store) RecordRefundOnce(ctx context.Context, id, parent string) (bool, error) {
	res, err := s.db.ExecContext(ctx, `INSERT INTO refunds (id, parent_id) VALUES ($1, $2) ON CONFLICT (parent_id) DO NOTHING`, id, parent)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *Store) Close() error { return s.db.Close() }
