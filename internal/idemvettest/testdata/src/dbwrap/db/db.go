// Package db is an application's own database layer: a type whose methods
// take SQL text and arguments and forward them to sqlx, the shape services
// write to add logging and metrics around every statement, and a
// transaction helper running a callback with the same methods on the
// transaction. It is application code, shared by the checkers' golden
// cases written with such a wrapper.
package db

import (
	"context"
	"database/sql"
	"log"
	"time"

	"github.com/jmoiron/sqlx"
)

type Bus struct {
	x    *sqlx.DB
	slow time.Duration
}

func (b *Bus) One(ctx context.Context, dest any, query string, args ...any) error {
	start := time.Now()
	err := b.x.GetContext(ctx, dest, query, args...)
	if d := time.Since(start); d > b.slow {
		log.Printf("slow query (%s): %s", d, query)
	}
	return err
}

func (b *Bus) Run(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return b.x.ExecContext(ctx, query, args...)
}

type Tx struct{ tx *sqlx.Tx }

func (t *Tx) One(ctx context.Context, dest any, query string, args ...any) error {
	return t.tx.GetContext(ctx, dest, query, args...)
}

func (t *Tx) Run(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(ctx, query, args...)
}

// InTx runs fn in a transaction, committed when fn returns nil.
func (b *Bus) InTx(ctx context.Context, fn func(*Tx) error) error {
	tx, err := b.x.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(&Tx{tx: tx}); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
