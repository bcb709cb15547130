// Package sprintftable splices table names into its SQL.
package sprintftable

import (
	"context"
	"database/sql"
	"fmt"
)

const jobsTable = "jobs"

type Table string

const LeasesTable Table = "leases"

type Repo struct {
	db        *sql.DB
	tableName string
}

func NewRepo(db *sql.DB) *Repo { return &Repo{db: db, tableName: "webhooks"} }

func (r *Repo) ClaimJob(ctx context.Context, id int64, worker string) error {
	_, err := r.db.ExecContext(ctx, fmt.Sprintf("UPDATE %s SET worker = $2 WHERE id = $1 AND worker IS NULL", jobsTable), id, worker) // want `update jobs set worker=\$worker where id=\$id,worker IS NULL \? on r\.db`
	return err
}

func (r *Repo) Renew(ctx context.Context, name string) error {
	_, err := r.db.ExecContext(ctx, fmt.Sprintf(`UPDATE %s SET expires_at = now() + interval '1 minute' WHERE name = $1`, LeasesTable), name) // want `update leases set expires_at=now\(\) \+ interval '1 minute' where name=\$name on r\.db`
	return err
}

func (r *Repo) Disable(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, fmt.Sprintf("UPDATE %s SET enabled = false WHERE id = $1", r.tableName), id) // want `update webhooks set enabled=false where id=\$id on r\.db`
	return err
}

func (r *Repo) Delete(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, "DELETE FROM "+r.tableName+" WHERE id = $1", id) // want `delete webhooks where id=\$id on r\.db`
	return err
}

func (r *Repo) Count(ctx context.Context) (int, error) {
	var n int
	q := "SELECT count(*) FROM " + string(LeasesTable)
	err := r.db.QueryRowContext(ctx, q).Scan(&n) // want `select count leases reads count\->n on r\.db; found\? count`
	return n, err
}

func (r *Repo) table() string { return r.tableName }

func (r *Repo) Touch(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, fmt.Sprintf("UPDATE %s SET touched_at = now() WHERE id = $1", r.table()), id) // want `update webhooks set touched_at=now\(\) where id=\$id on r\.db`
	return err
}
