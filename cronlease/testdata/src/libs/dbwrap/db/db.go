// Package db is an application's own database layer: a type whose methods
// take SQL text and arguments and forward them to sqlx, the shape services
// write to add logging and metrics around every statement.
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
