// Package repo stores grants and processed events.
package repo

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

func (s *Store) InsertGrant(ctx context.Context, customer string) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO grants (customer, plan) VALUES ($1, 'pro')`, customer)
	return err
}

// MarkProcessed claims the event; it reports false when it was seen.
func (s *Store) MarkProcessed(ctx context.Context, id string) (bool, error) {
	res, err := s.DB.ExecContext(ctx, `INSERT INTO processed_events (id) VALUES ($1) ON CONFLICT DO NOTHING`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
