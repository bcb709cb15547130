// Package dbtx runs functions in transactions carried in the context: the
// runner begins the transaction through an interface of its own, wraps it,
// and puts the wrapper in the context; stores pick it up with GetAccessor.
package dbtx

import (
	"context"
	"database/sql"

	"github.com/jmoiron/sqlx"
)

// Accessor is what stores query.
type Accessor interface {
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// TransactionAccessor is an Accessor that can end.
type TransactionAccessor interface {
	Accessor
	Commit() error
	Rollback() error
}

// Transactor runs functions in transactions.
type Transactor interface {
	WithTx(ctx context.Context, txFn func(ctx context.Context) error, opts ...any) error
}

type ctxKeyTx struct{}

// GetAccessor returns the transaction of ctx, or db.
func GetAccessor(ctx context.Context, db *sqlx.DB) Accessor {
	if a, ok := ctx.Value(ctxKeyTx{}).(Accessor); ok {
		return a
	}
	return db
}

type starter interface {
	startTx(ctx context.Context, opts *sql.TxOptions) (TransactionAccessor, error)
}

type sqlDB struct{ *sqlx.DB }

func (db sqlDB) startTx(ctx context.Context, opts *sql.TxOptions) (TransactionAccessor, error) {
	tx, err := db.DB.BeginTxx(ctx, opts)
	return tx, err
}

type runnerTx struct {
	TransactionAccessor
	done bool
}

type runner struct{ db starter }

// New returns the runner of db.
func New(db *sqlx.DB) Transactor { return runner{db: sqlDB{db}} }

func (r runner) WithTx(ctx context.Context, txFn func(ctx context.Context) error, opts ...any) error {
	tx, err := r.db.startTx(ctx, nil)
	if err != nil {
		return err
	}
	rtx := &runnerTx{TransactionAccessor: tx}
	defer func() {
		if !rtx.done {
			_ = tx.Rollback()
		}
	}()
	if err := txFn(context.WithValue(ctx, ctxKeyTx{}, TransactionAccessor(rtx))); err != nil {
		return err
	}
	rtx.done = true
	return tx.Commit()
}
