package pgxcas

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The command tag is discarded.
func Claim(ctx context.Context, pool *pgxpool.Pool, job int64, worker string) error {
	_, err := pool.Exec(ctx, "UPDATE jobs SET worker = $1, state = 'running' WHERE id = $2 AND state = 'queued'", worker, job) // want `compare-and-set on jobs.state ignores rows affected`
	return err
}

// Inside a transaction callback, tag assigned and never read.
func Transition(ctx context.Context, pool *pgxpool.Pool, order int64) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "UPDATE orders SET status = 'shipped' WHERE id = $1 AND status = 'paid'", order) // want `compare-and-set on orders.status ignores rows affected`
		_ = tag
		return err
	})
}

// ---- silent ----

func ClaimChecked(ctx context.Context, pool *pgxpool.Pool, job int64, worker string) (bool, error) {
	tag, err := pool.Exec(ctx, "UPDATE jobs SET worker = $1, state = 'running' WHERE id = $2 AND state = 'queued'", worker, job) // ok: tested
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func ClaimRequire(ctx context.Context, pool *pgxpool.Pool, job int64) error {
	tag, err := pool.Exec(ctx, "UPDATE jobs SET state = 'done' WHERE id = $1 AND state = 'running'", job) // ok: tested
	if err != nil {
		return err
	}
	if tag.RowsAffected() != 1 {
		return errors.New("not running")
	}
	return nil
}
