// Package boil is a stand-in for github.com/volatiletech/sqlboiler/v4/boil
// v4.19: the executors, the column lists and the global database, with the
// real signatures and bodies that do nothing.
package boil

import (
	"context"
	"database/sql"
)

// Executor runs SQL without a context.
type Executor interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
	Query(query string, args ...interface{}) (*sql.Rows, error)
	QueryRow(query string, args ...interface{}) *sql.Row
}

// ContextExecutor runs SQL with a context: a *sql.DB or a *sql.Tx.
type ContextExecutor interface {
	Executor
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...interface{}) *sql.Row
}

// ContextTransactor is a transaction.
type ContextTransactor interface {
	Commit() error
	Rollback() error
	ContextExecutor
}

// ContextBeginner begins transactions.
type ContextBeginner interface {
	BeginTx(context.Context, *sql.TxOptions) (*sql.Tx, error)
}

var currentDB Executor

// SetDB sets the global database.
func SetDB(db Executor) { currentDB = db }

// GetContextDB returns the global database.
func GetContextDB() ContextExecutor { return nil }

// BeginTx begins a transaction on the global database.
func BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error) { return nil, nil }

// Columns is the column list of an insert, update or upsert.
type Columns struct {
	Kind int
	Cols []string
}

// None writes no column.
func None() Columns { return Columns{} }

// Infer writes every column (an update: all but the primary key).
func Infer() Columns { return Columns{Kind: 1} }

// Whitelist writes the columns named.
func Whitelist(columns ...string) Columns { return Columns{Kind: 2, Cols: columns} }

// Blacklist writes the inferred columns but those named.
func Blacklist(columns ...string) Columns { return Columns{Kind: 3, Cols: columns} }

// Greylist writes the inferred columns and those named.
func Greylist(columns ...string) Columns { return Columns{Kind: 4, Cols: columns} }
