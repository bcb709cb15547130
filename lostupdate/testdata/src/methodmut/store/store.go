// Package store reads an order, lets the model's methods change it and
// writes the columns back.
package store

import (
	"context"
	"database/sql"
	"errors"

	"methodmut/model"
)

type Store struct{ db *sql.DB }

func (s *Store) get(ctx context.Context, id int64) (*model.Order, error) {
	var o model.Order
	err := s.db.QueryRowContext(ctx, "SELECT id, failure_count, last_error, status FROM orders WHERE id = $1", id).Scan(&o.ID, &o.FailureCount, &o.LastError, &o.Status)
	return &o, err
}

// The method increments the counter read from the row.
func (s *Store) Fail(ctx context.Context, id int64, cause error) error {
	o, err := s.get(ctx, id)
	if err != nil {
		return err
	}
	o.RecordFailure(cause)
	_, err = s.db.ExecContext(ctx, "UPDATE orders SET failure_count = $1, last_error = $2 WHERE id = $3", o.FailureCount, o.LastError, o.ID) // want `lost update on orders.failure_count: the value read at store.go:\d+ \(by store.Store.get\) is recomputed in Go and written back`
	return err
}

func (s *Store) Backoff(ctx context.Context, id int64) error {
	o, err := s.get(ctx, id)
	if err != nil {
		return err
	}
	o.Retry()
	_, err = s.db.ExecContext(ctx, "UPDATE orders SET failure_count = $1 WHERE id = $2", o.FailureCount, id) // want `lost update on orders.failure_count`
	return err
}

// ---- silent ----

// A status set from the request.
func (s *Store) Ship(ctx context.Context, id int64) error {
	o, err := s.get(ctx, id)
	if err != nil {
		return err
	}
	o.SetStatus("shipped")
	_, err = s.db.ExecContext(ctx, "UPDATE orders SET status = $1 WHERE id = $2", o.Status, id) // ok: the new status is not computed from the old
	return err
}

// A read-only method between the read and the write.
func (s *Store) Touch(ctx context.Context, id int64) error {
	o, err := s.get(ctx, id)
	if err != nil {
		return err
	}
	if _, err := o.Encode(); err != nil {
		return errors.New("bad order")
	}
	_, err = s.db.ExecContext(ctx, "UPDATE orders SET failure_count = $1 WHERE id = $2", o.FailureCount, id) // ok: written back unchanged (not a lost update)
	return err
}

// The method runs after the write: what was written is the value read.
func (s *Store) FailLater(ctx context.Context, id int64, cause error) (*model.Order, error) {
	o, err := s.get(ctx, id)
	if err != nil {
		return nil, err
	}
	_, err = s.db.ExecContext(ctx, "UPDATE orders SET failure_count = $1 WHERE id = $2", o.FailureCount, id) // ok: the increment happens after the write
	o.RecordFailure(cause)
	return o, err
}
