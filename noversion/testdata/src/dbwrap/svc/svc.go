// Package svc claims jobs through the application's own database layer.
package svc

import (
	"context"
	"errors"

	"dbwrap/db"
)

type Jobs struct{ bus *db.Bus }

func (j *Jobs) Claim(ctx context.Context, job int64, worker string) error {
	_, err := j.bus.Run(ctx, "UPDATE jobs SET worker = $1, state = 'running' WHERE id = $2 AND state = 'queued'", worker, job) // want `compare-and-set on jobs.state ignores rows affected`
	return err
}

// ---- silent ----

func (j *Jobs) ClaimChecked(ctx context.Context, job int64, worker string) error {
	res, err := j.bus.Run(ctx, "UPDATE jobs SET worker = $1, state = 'running' WHERE id = $2 AND state = 'queued'", worker, job) // ok: tested
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errors.New("taken")
	}
	return nil
}
