// Package dotsql is a stand-in for github.com/qustavo/dotsql v1.2.0: the
// API idemvet models, with its real signatures.
package dotsql

import (
	"context"
	"database/sql"
)

type Preparer interface {
	Prepare(query string) (*sql.Stmt, error)
}

type PreparerContext interface {
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
}

type Queryer interface {
	Query(query string, args ...interface{}) (*sql.Rows, error)
}

type QueryerContext interface {
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
}

type QueryRower interface {
	QueryRow(query string, args ...interface{}) *sql.Row
}

type QueryRowerContext interface {
	QueryRowContext(ctx context.Context, query string, args ...interface{}) *sql.Row
}

type Execer interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
}

type ExecerContext interface {
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
}

type DotSql struct{}

func (d DotSql) Prepare(db Preparer, name string) (*sql.Stmt, error) { return nil, nil }
func (d DotSql) PrepareContext(ctx context.Context, db PreparerContext, name string) (*sql.Stmt, error) {
	return nil, nil
}
func (d DotSql) Query(db Queryer, name string, args ...interface{}) (*sql.Rows, error) {
	return nil, nil
}
func (d DotSql) QueryContext(ctx context.Context, db QueryerContext, name string, args ...interface{}) (*sql.Rows, error) {
	return nil, nil
}
func (d DotSql) QueryRow(db QueryRower, name string, args ...interface{}) (*sql.Row, error) {
	return nil, nil
}
func (d DotSql) QueryRowContext(ctx context.Context, db QueryRowerContext, name string, args ...interface{}) (*sql.Row, error) {
	return nil, nil
}
func (d DotSql) Exec(db Execer, name string, args ...interface{}) (sql.Result, error) {
	return nil, nil
}
func (d DotSql) ExecContext(ctx context.Context, db ExecerContext, name string, args ...interface{}) (sql.Result, error) {
	return nil, nil
}
func (d DotSql) Raw(name string) (string, error) { return "", nil }

func LoadFromFile(sqlFile string) (*DotSql, error) { return nil, nil }
func LoadFromString(sql string) (*DotSql, error)   { return nil, nil }
