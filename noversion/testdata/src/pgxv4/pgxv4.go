package pgxv4

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v4/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, job int64, worker string) error {
	_, err := pool.Exec(ctx, "UPDATE jobs SET worker = $1, state = 'running' WHERE id = $2 AND state = 'queued'", worker, job) // want `compare-and-set on jobs.state ignores rows affected`
	return err
}

// ---- silent ----

func ClaimChecked(ctx context.Context, pool *pgxpool.Pool, job int64, worker string) error {
	tag, err := pool.Exec(ctx, "UPDATE jobs SET worker = $1, state = 'running' WHERE id = $2 AND state = 'queued'", worker, job) // ok: tested
	if err != nil {
		return err
	}
	if tag.RowsAffected() != 1 {
		return errors.New("taken")
	}
	return nil
}
