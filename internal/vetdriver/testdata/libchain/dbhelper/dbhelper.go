// Package dbhelper is a repository with summaries (facts) of its methods.
package dbhelper

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

func (s *Store) ByEmail(ctx context.Context, email string) (int64, error) {
	var id int64
	err := s.DB.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id)
	return id, err
}

func (s *Store) Create(ctx context.Context, email string) (int64, error) {
	var id int64
	err := s.DB.QueryRowContext(ctx, "INSERT INTO users (email) VALUES ($1) RETURNING id", email).Scan(&id)
	return id, err
}
