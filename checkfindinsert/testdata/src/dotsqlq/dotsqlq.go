package dotsqlq

import (
	"context"
	"database/sql"
	"errors"

	"github.com/qustavo/dotsql"
)

type Teams struct {
	db  *sql.DB
	dot *dotsql.DotSql
}

func (t *Teams) Create(ctx context.Context, slug string) error {
	row, err := t.dot.QueryRowContext(ctx, t.db, "find-team", slug)
	if err != nil {
		return err
	}
	var id int64
	err = row.Scan(&id)
	if err == nil {
		return errors.New("taken")
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = t.dot.ExecContext(ctx, t.db, "insert-team", slug) // want `check-then-insert on teams\(slug\)`
	return err
}

// ---- silent ----

func (t *Teams) CreateOnce(ctx context.Context, slug string) error {
	row, err := t.dot.QueryRowContext(ctx, t.db, "find-team", slug)
	if err != nil {
		return err
	}
	var id int64
	err = row.Scan(&id)
	if err == nil {
		return errors.New("taken")
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = t.dot.ExecContext(ctx, t.db, "insert-team-once", slug) // ok: ON CONFLICT DO NOTHING
	return err
}
