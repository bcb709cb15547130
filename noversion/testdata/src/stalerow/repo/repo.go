// Package repo is a database/sql repository: a full-row Get and Update, and
// narrow writers of single columns.
package repo

import (
	"context"
	"database/sql"
	"time"
)

type User struct {
	ID       int64
	Name     string
	Email    string
	Plan     string
	LastSeen time.Time
}

type Store struct{ db *sql.DB }

func (s *Store) Get(ctx context.Context, id int64) (*User, error) {
	var u User
	err := s.db.QueryRowContext(ctx, "SELECT id, name, email, plan, last_seen FROM users WHERE id = $1", id).Scan(&u.ID, &u.Name, &u.Email, &u.Plan, &u.LastSeen)
	if err != nil {
		return nil, err
	}
	return &u, nil
}

func (s *Store) GetForUpdate(ctx context.Context, tx *sql.Tx, id int64) (*User, error) {
	var u User
	err := tx.QueryRowContext(ctx, "SELECT id, name, email, plan, last_seen FROM users WHERE id = $1 FOR UPDATE", id).Scan(&u.ID, &u.Name, &u.Email, &u.Plan, &u.LastSeen)
	if err != nil {
		return nil, err
	}
	return &u, nil
}

// Update writes every column from u: whoever loaded u decides whether
// that is safe.
func (s *Store) Update(ctx context.Context, u *User) error {
	_, err := s.db.ExecContext(ctx, "UPDATE users SET name = $1, email = $2, plan = $3, last_seen = $4 WHERE id = $5", u.Name, u.Email, u.Plan, u.LastSeen, u.ID) // ok: the write-back of the caller's struct
	return err
}

func (s *Store) UpdateTx(ctx context.Context, tx *sql.Tx, u *User) error {
	_, err := tx.ExecContext(ctx, "UPDATE users SET name = $1, email = $2, plan = $3, last_seen = $4 WHERE id = $5", u.Name, u.Email, u.Plan, u.LastSeen, u.ID)
	return err
}

func (s *Store) Touch(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, "UPDATE users SET last_seen = now() WHERE id = $1", id)
	return err
}

func (s *Store) SetPlan(ctx context.Context, id int64, plan string) error {
	_, err := s.db.ExecContext(ctx, "UPDATE users SET plan = $1 WHERE id = $2", plan, id)
	return err
}

func (s *Store) SetName(ctx context.Context, id int64, name string) error {
	_, err := s.db.ExecContext(ctx, "UPDATE users SET name = $1 WHERE id = $2", name, id)
	return err
}

func (s *Store) Begin(ctx context.Context) (*sql.Tx, error) { return s.db.BeginTx(ctx, nil) }
