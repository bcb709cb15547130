package repo

import (
	"context"
	"database/sql"
	"errors"
)

var ErrNotFound = errors.New("not found")

type User struct {
	ID    int64
	Email string
}

type Users struct{ db *sql.DB }

func New(db *sql.DB) *Users { return &Users{db: db} }

// FindByEmail maps "no rows" to ErrNotFound.
func (r *Users) FindByEmail(ctx context.Context, email string) (*User, error) {
	var u User
	err := r.db.QueryRowContext(ctx, "SELECT id, email FROM users WHERE email = $1", email).Scan(&u.ID, &u.Email)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &u, nil
}

// Lookup returns nil, nil when absent.
func (r *Users) Lookup(ctx context.Context, email string) (*User, error) {
	var u User
	err := r.db.QueryRowContext(ctx, "SELECT id, email FROM users WHERE email = $1", email).Scan(&u.ID, &u.Email)
	if err == sql.ErrNoRows {
		return nil, nil
	}
	return &u, err
}

func (r *Users) Create(ctx context.Context, u *User) error {
	return r.db.QueryRowContext(ctx, "INSERT INTO users (email) VALUES ($1) RETURNING id", u.Email).Scan(&u.ID)
}

// CreateIfAbsent handles the conflict itself.
func (r *Users) CreateIfAbsent(ctx context.Context, email string) error {
	_, err := r.db.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1) ON CONFLICT DO NOTHING", email)
	return err
}
