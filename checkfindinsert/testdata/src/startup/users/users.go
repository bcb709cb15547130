// Package users is a repository whose callers are out of view.
package users

import (
	"context"
	"database/sql"
	"errors"
)

type Store struct{ db *sql.DB }

// Register creates the user unless the email is taken.
func (s *Store) Register(ctx context.Context, email string) error {
	var id int64
	err := s.db.QueryRowContext(ctx, `SELECT id FROM users WHERE email = $1`, email).Scan(&id)
	if err == nil {
		return errors.New("email taken")
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO users (email) VALUES ($1)`, email) // want `check-then-insert on users\(email\)`
	return err
}
