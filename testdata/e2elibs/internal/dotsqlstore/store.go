// Package dotsqlstore is a repository whose statements live in
// queries.sql, run by name with github.com/qustavo/dotsql.
package dotsqlstore

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"github.com/qustavo/dotsql"
)

var ErrTaken = errors.New("taken")

type Store struct {
	db  *sql.DB
	dot *dotsql.DotSql
}

func New(db *sql.DB) (*Store, error) {
	dot, err := dotsql.LoadFromFile("queries.sql")
	if err != nil {
		return nil, err
	}
	return &Store{db: db, dot: dot}, nil
}

func (s *Store) found(ctx context.Context, flight, passenger string) (bool, error) {
	row, err := s.dot.QueryRowContext(ctx, s.db, "find-seat", flight, passenger)
	if err != nil {
		return false, err
	}
	var id int64
	switch err := row.Scan(&id); {
	case err == nil:
		return true, nil
	case errors.Is(err, sql.ErrNoRows):
		return false, nil
	default:
		return false, err
	}
}

func (s *Store) Book(ctx context.Context, flight, passenger string) error {
	if ok, err := s.found(ctx, flight, passenger); err != nil || ok {
		return err
	}
	_, err := s.dot.ExecContext(ctx, s.db, "book-seat", flight, passenger) // HAZARD(checkfindinsert)
	return err
}

func (s *Store) BookOnce(ctx context.Context, flight, passenger string) error {
	if ok, err := s.found(ctx, flight, passenger); err != nil || ok {
		return err
	}
	_, err := s.dot.ExecContext(ctx, s.db, "book-seat-once", flight, passenger) // SAFE(checkfindinsert): ON CONFLICT DO NOTHING
	return err
}

func (s *Store) Reward(ctx context.Context, id, miles int64) error {
	row, err := s.dot.QueryRowContext(ctx, s.db, "get-miles", id)
	if err != nil {
		return err
	}
	var have int64
	if err := row.Scan(&have); err != nil {
		return err
	}
	_, err = s.dot.ExecContext(ctx, s.db, "set-miles", have+miles, id) // HAZARD(lostupdate)
	return err
}

func (s *Store) RewardAtomic(ctx context.Context, id, miles int64) error {
	_, err := s.dot.ExecContext(ctx, s.db, "add-miles", miles, id) // SAFE(lostupdate): atomic
	return err
}

func (s *Store) Board(ctx context.Context, id int64) error {
	_, err := s.dot.ExecContext(ctx, s.db, "board", id) // HAZARD(noversion)
	return err
}

func (s *Store) BoardChecked(ctx context.Context, id int64) error {
	res, err := s.dot.ExecContext(ctx, s.db, "board", id) // SAFE(noversion): rows affected tested
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return ErrTaken
	}
	return nil
}

func notify(id string) error {
	resp, err := http.Post("https://gate.example.com/boarded", "text/plain", strings.NewReader(id))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (s *Store) BoardAndNotify(ctx context.Context, id int64, ref string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	row, err := s.dot.QueryRowContext(ctx, tx, "lock-seat", id)
	if err != nil {
		return err
	}
	var state string
	if err := row.Scan(&state); err != nil {
		return err
	}
	if err := notify(ref); err != nil { // HAZARD(lockacrosscall)
		return err
	}
	if _, err := s.dot.ExecContext(ctx, tx, "add-miles", 100, id); err != nil {
		return err
	}
	return tx.Commit()
}
