package pgxstore

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// RegisterIfFree asks EXISTS and inserts when the answer is no.
func (s *Store) RegisterIfFree(ctx context.Context, email, name string) (int64, error) {
	var exists bool
	if err := s.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE email = $1)`, email).Scan(&exists); err != nil {
		return 0, err
	}
	if exists {
		return 0, domain.ErrEmailTaken
	}
	var id int64
	err := s.Pool.QueryRow(ctx, `INSERT INTO users (email, name) VALUES ($1, $2) RETURNING id`, email, name).Scan(&id) // HAZARD(checkfindinsert)
	return id, err
}

// Register keeps the EXISTS check for the common case and maps the unique
// violation of a lost race to the same error.
func (s *Store) Register(ctx context.Context, email, name string) (int64, error) {
	var exists bool
	if err := s.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE email = $1)`, email).Scan(&exists); err != nil {
		return 0, err
	}
	if exists {
		return 0, domain.ErrEmailTaken
	}
	var id int64
	err := s.Pool.QueryRow(ctx, `INSERT INTO users (email, name) VALUES ($1, $2) RETURNING id`, email, name).Scan(&id) // SAFE(checkfindinsert): *pgconn.PgError 23505 handled below
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return 0, domain.ErrEmailTaken
	}
	return id, err
}

// RegisterInTx does lookup and insert in a READ COMMITTED transaction
// opened by pgx.BeginFunc; the transaction does not stop a concurrent
// insert of the same address.
func (s *Store) RegisterInTx(ctx context.Context, email, name string) (int64, error) {
	var id int64
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT id FROM users WHERE email = $1`, email).Scan(&id)
		if err == nil {
			return domain.ErrEmailTaken
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		return tx.QueryRow(ctx, `INSERT INTO users (email, name) VALUES ($1, $2) RETURNING id`, email, name).Scan(&id) // HAZARD(checkfindinsert)
	})
	return id, err
}

// RegisterAdvisoryLocked serializes sign-ups per address with a
// transaction-scoped advisory lock taken before the lookup.
func (s *Store) RegisterAdvisoryLocked(ctx context.Context, email, name string) (int64, error) {
	var id int64
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, email); err != nil {
			return err
		}
		err := tx.QueryRow(ctx, `SELECT id FROM users WHERE email = $1`, email).Scan(&id)
		if err == nil {
			return domain.ErrEmailTaken
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		return tx.QueryRow(ctx, `INSERT INTO users (email, name) VALUES ($1, $2) RETURNING id`, email, name).Scan(&id) // SAFE(checkfindinsert): pg_advisory_xact_lock on the key precedes the check
	})
	return id, err
}
