// Package pgxv4store is a repository written with pgx v4 and pgxpool v4.
package pgxv4store

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
)

var ErrTaken = errors.New("taken")

type Store struct{ pool *pgxpool.Pool }

func New(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

func (s *Store) CreateTeam(ctx context.Context, slug string) error {
	var id int64
	err := s.pool.QueryRow(ctx, "SELECT id FROM teams WHERE slug = $1", slug).Scan(&id)
	if err == nil {
		return ErrTaken
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	_, err = s.pool.Exec(ctx, "INSERT INTO teams (slug) VALUES ($1)", slug) // HAZARD(checkfindinsert)
	return err
}

func (s *Store) CreateTeamHandled(ctx context.Context, slug string) error {
	var id int64
	if err := s.pool.QueryRow(ctx, "SELECT id FROM teams WHERE slug = $1", slug).Scan(&id); err == nil {
		return ErrTaken
	}
	_, err := s.pool.Exec(ctx, "INSERT INTO teams (slug) VALUES ($1)", slug) // SAFE(checkfindinsert): the unique violation is handled
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrTaken
	}
	return err
}

func (s *Store) AddSeats(ctx context.Context, team int64, n int) error {
	return s.pool.BeginFunc(ctx, func(tx pgx.Tx) error {
		var seats int
		if err := tx.QueryRow(ctx, "SELECT seats FROM teams WHERE id = $1", team).Scan(&seats); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "UPDATE teams SET seats = $1 WHERE id = $2", seats+n, team) // HAZARD(lostupdate)
		return err
	})
}

func (s *Store) AddSeatsAtomic(ctx context.Context, team int64, n int) error {
	_, err := s.pool.Exec(ctx, "UPDATE teams SET seats = seats + $1 WHERE id = $2", n, team) // SAFE(lostupdate): atomic
	return err
}

func (s *Store) Freeze(ctx context.Context, team int64) error {
	_, err := s.pool.Exec(ctx, "UPDATE teams SET state = 'frozen' WHERE id = $1 AND state = 'active'", team) // HAZARD(noversion)
	return err
}

func (s *Store) Archive(ctx context.Context, team int64) error {
	_, err := s.pool.Exec(ctx, "UPDATE teams SET state = 'archived' WHERE id = $1 AND state = 'active'", team) // SAFE(noversion): a soft delete, archived whoever wins
	return err
}

func (s *Store) ArchiveChecked(ctx context.Context, team int64) error {
	tag, err := s.pool.Exec(ctx, "UPDATE teams SET state = 'archived' WHERE id = $1 AND state = 'active'", team) // SAFE(noversion): rows affected tested
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return errors.New("not active")
	}
	return nil
}

func invoice(team int64) error {
	resp, err := http.Post("https://billing.example.com/invoices", "application/json", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (s *Store) Bill(ctx context.Context, team int64) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var seats int
	if err := tx.QueryRow(ctx, "SELECT seats FROM teams WHERE id = $1 FOR UPDATE", team).Scan(&seats); err != nil {
		return err
	}
	if err := invoice(team); err != nil { // HAZARD(lockacrosscall)
		return err
	}
	if _, err := tx.Exec(ctx, "UPDATE teams SET billed_seats = $1 WHERE id = $2", seats, team); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
