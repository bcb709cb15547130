// Package zdb is a stand-in for zgo.at/zdb: the package functions that run
// SQL on the database the context carries, the DB interface, Rows and the
// error predicates, with the signatures of v0.0.0-20260203050226.
package zdb

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
)

type Dialect uint8

type DB interface {
	DBSQL() (*sql.DB, *sql.Tx)
	SQLDialect() Dialect
	Close() error
	Exec(ctx context.Context, query string, params ...any) error
	NumRows(ctx context.Context, query string, params ...any) (int64, error)
	InsertID(ctx context.Context, idColumn, query string, params ...any) (int64, error)
	Get(ctx context.Context, dest any, query string, params ...any) error
	Select(ctx context.Context, dest any, query string, params ...any) error
	Query(ctx context.Context, query string, params ...any) (*Rows, error)
	TX(ctx context.Context, fb func(context.Context) error) error
	Rollback() error
	Commit() error
}

type Rows struct{}

func (r *Rows) Next() bool                { return false }
func (r *Rows) Err() error                { return nil }
func (r *Rows) Close() error              { return nil }
func (r *Rows) Scan(dest ...any) error    { return nil }
func (r *Rows) StructScan(dest any) error { return nil }

type key struct{}

func WithDB(ctx context.Context, db DB) context.Context { return context.WithValue(ctx, key{}, db) }
func MustGetDB(ctx context.Context) DB                  { return ctx.Value(key{}).(DB) }

func TX(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }

func Exec(ctx context.Context, query string, params ...any) error { return nil }

func NumRows(ctx context.Context, query string, params ...any) (int64, error) { return 0, nil }

func InsertID[T cmp.Ordered](ctx context.Context, idColumn, query string, params ...any) (T, error) {
	var t T
	return t, nil
}

func Select(ctx context.Context, dest any, query string, params ...any) error { return nil }

func Get(ctx context.Context, dest any, query string, params ...any) error { return nil }

func Query(ctx context.Context, query string, params ...any) (*Rows, error) { return nil, nil }

func ErrNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }

func ErrUnique(err error) bool { return false }

type Tabler interface {
	Table() string
}

var UpdateAll = "\x00update\x00all\x00"

func Insert(ctx context.Context, t Tabler, onConflict ...string) error { return nil }

func Update(ctx context.Context, t Tabler, columns ...string) error { return nil }
