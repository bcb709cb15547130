package repo

import (
	"context"
	"database/sql"
	"errors"
	"strings"
)

var ErrNotFound = errors.New("not found")

type Repo struct{ db *sql.DB }

func (r *Repo) Exists(ctx context.Context, email string) (bool, error) { // want Exists:"select users email=p2 read:exists->r0 on p0.db found:bool@r0 err@r1"
	var ok bool
	err := r.db.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM users WHERE email = $1)", email).Scan(&ok)
	return ok, err
}

func (r *Repo) Find(ctx context.Context, id int64) (string, error) { // want Find:"select users id=p2 read:name->r0 on p0.db found:err@r1 err@r1"
	var name string
	err := r.db.QueryRowContext(ctx, "SELECT name FROM users WHERE id = $1", id).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	return name, err
}

func (r *Repo) Insert(ctx context.Context, email string) error { // want Insert:"insert users set:email=p2 on p0.db err@r0 uniquehandled"
	_, err := r.db.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email)
	if err != nil && strings.Contains(err.Error(), "duplicate key") {
		return nil
	}
	return err
}

// Query is an executor wrapper: the SQL comes from its caller.
func (r *Repo) Query(ctx context.Context, q string, args ...any) *sql.Row { // want Query:"wrapper sql=p2"
	return r.db.QueryRowContext(ctx, q, args...)
}

func IsNotFound(err error) bool { return errors.Is(err, ErrNotFound) } // want IsNotFound:"notfound-test p0"

func IsDup(err error) bool { return strings.Contains(err.Error(), "UNIQUE constraint failed") } // want IsDup:"unique-test p0"
