// Package squirrelstore is a repository written with Masterminds/squirrel
// over database/sql and lib/pq: statements built with ToSql and run on the
// pool, and statements run by the builder with RunWith.
package squirrelstore

import (
	"context"
	"database/sql"
	"errors"

	sq "github.com/Masterminds/squirrel"
	"github.com/lib/pq"
)

var ErrTaken = errors.New("taken")

type Store struct {
	db *sql.DB
	sb sq.StatementBuilderType
}

func New(db *sql.DB) *Store {
	return &Store{db: db, sb: sq.StatementBuilder.PlaceholderFormat(sq.Dollar)}
}

func (s *Store) Signup(ctx context.Context, email, name string) error {
	query, args, err := s.sb.Select("id").From("members").Where(sq.Eq{"email": email}).ToSql()
	if err != nil {
		return err
	}
	var id int64
	if err := s.db.QueryRowContext(ctx, query, args...).Scan(&id); err == nil {
		return ErrTaken
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = s.sb.Insert("members").Columns("email", "name").Values(email, name).RunWith(s.db).ExecContext(ctx) // HAZARD(checkfindinsert)
	return err
}

func (s *Store) SignupHandled(ctx context.Context, email, name string) error {
	var id int64
	if err := s.sb.Select("id").From("members").Where(sq.Eq{"email": email}).RunWith(s.db).QueryRowContext(ctx).Scan(&id); err == nil {
		return ErrTaken
	}
	_, err := s.sb.Insert("members").Columns("email", "name").Values(email, name).RunWith(s.db).ExecContext(ctx) // SAFE(checkfindinsert): the unique violation is handled
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code == "23505" {
		return ErrTaken
	}
	return err
}

func (s *Store) AddPoints(ctx context.Context, id, n int64) error {
	var points int64
	if err := s.sb.Select("points").From("members").Where(sq.Eq{"id": id}).RunWith(s.db).QueryRowContext(ctx).Scan(&points); err != nil {
		return err
	}
	query, args, err := s.sb.Update("members").Set("points", points+n).Where(sq.Eq{"id": id}).ToSql()
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, query, args...) // HAZARD(lostupdate)
	return err
}

func (s *Store) AddPointsAtomic(ctx context.Context, id, n int64) error {
	_, err := s.sb.Update("members").Set("points", sq.Expr("points + ?", n)).Where(sq.Eq{"id": id}).RunWith(s.db).ExecContext(ctx) // SAFE(lostupdate): atomic in SQL
	return err
}

func (s *Store) Claim(ctx context.Context, job int64, worker string) error {
	_, err := s.sb.Update("jobs").Set("worker", worker).Set("state", "running").Where(sq.Eq{"id": job, "state": "queued"}).RunWith(s.db).ExecContext(ctx) // HAZARD(noversion)
	return err
}

func (s *Store) ClaimChecked(ctx context.Context, job int64, worker string) (bool, error) {
	res, err := s.sb.Update("jobs").Set("worker", worker).Set("state", "running").Where(sq.Eq{"id": job, "state": "queued"}).RunWith(s.db).ExecContext(ctx) // SAFE(noversion): rows affected tested
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
