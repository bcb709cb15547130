package dotsqlq

import (
	"context"
	"database/sql"
	"errors"

	"github.com/qustavo/dotsql"
)

type Jobs struct {
	db  *sql.DB
	dot *dotsql.DotSql
}

func (j *Jobs) Claim(ctx context.Context, id int64, worker string) error {
	_, err := j.dot.ExecContext(ctx, j.db, "claim-job", id, worker) // want `compare-and-set on jobs.state ignores rows affected`
	return err
}

// ---- silent ----

func (j *Jobs) ClaimChecked(ctx context.Context, id int64, worker string) error {
	res, err := j.dot.ExecContext(ctx, j.db, "claim-job", id, worker) // ok: rows affected tested
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errors.New("job taken")
	}
	return nil
}
