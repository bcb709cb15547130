package pgxv4

import (
	"context"
	"errors"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
)

var ErrTaken = errors.New("taken")

func Register(ctx context.Context, pool *pgxpool.Pool, email string) error {
	var id int64
	err := pool.QueryRow(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id)
	if err == nil {
		return ErrTaken
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	_, err = pool.Exec(ctx, "INSERT INTO users (email) VALUES ($1)", email) // want `check-then-insert on users\(email\)`
	return err
}

// ---- silent ----

func RegisterHandled(ctx context.Context, pool *pgxpool.Pool, email string) error {
	var id int64
	if err := pool.QueryRow(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id); err == nil {
		return ErrTaken
	}
	_, err := pool.Exec(ctx, "INSERT INTO users (email) VALUES ($1)", email) // ok: the unique violation is handled
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrTaken
	}
	return err
}
