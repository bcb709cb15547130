// Package store checks for a user before inserting one, in functions that
// production code reaches and in functions that only tests call.
package store

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
)

var ErrTaken = errors.New("taken")

type Repository interface {
	Register(ctx context.Context, email string) error
}

type Store struct{ DB *sql.DB }

func New(db *sql.DB) Repository { return &Store{DB: db} }

// insertIfAbsent is called by nothing.
func (s *Store) insertIfAbsent(ctx context.Context, email string) error {
	var id int64
	if err := s.DB.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id); err == nil {
		return ErrTaken
	}
	_, err := s.DB.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email) // reported: nothing in view calls it
	return err
}

// Register is called by main's handler through Repository.
func (s *Store) Register(ctx context.Context, email string) error {
	var id int64
	if err := s.DB.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id); err == nil {
		return ErrTaken
	}
	_, err := s.DB.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email) // reported
	return err
}

// SeedUser is called only by this package's tests.
func (s *Store) SeedUser(ctx context.Context, email string) error {
	var id int64
	if err := s.DB.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id); err == nil {
		return ErrTaken
	}
	_, err := s.DB.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email) // silent: test-only
	return err
}

// Invite is called only by a test of another package.
func (s *Store) Invite(ctx context.Context, email string) error {
	var id int64
	if err := s.DB.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id); err == nil {
		return ErrTaken
	}
	_, err := s.DB.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email) // silent: test-only
	return err
}

// Hook is handed to net/http, which calls its ServeHTTP.
type Hook struct{ Store *Store }

func (h *Hook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var id int64
	email := r.FormValue("email")
	if err := h.Store.DB.QueryRowContext(r.Context(), "SELECT id FROM users WHERE email = $1", email).Scan(&id); err == nil {
		return
	}
	h.Store.DB.ExecContext(r.Context(), "INSERT INTO users (email) VALUES ($1)", email) // reported
}
