package jobs

import (
	"context"
	"database/sql"

	machinery "github.com/RichardKnop/machinery/v2"
	"github.com/RichardKnop/machinery/v2/tasks"
	"github.com/gocraft/work"
)

// gocraft/work retries a job that returned an error, up to MaxFails.
type Context struct{ DB *sql.DB }

func (c *Context) Reward(job *work.Job) error {
	_, err := c.DB.Exec(`UPDATE points SET total = total + $1 WHERE user_id = $2`, job.ArgInt64("points"), job.ArgString("user")) // want `gocraft/work job handler repeats this relative update of points.total when the job is retried; claim job.ID first`
	return err
}

func (c *Context) RewardOnce(job *work.Job) error {
	tx, err := c.DB.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.Exec(`INSERT INTO processed_jobs (id) VALUES ($1) ON CONFLICT DO NOTHING`, job.ID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := tx.Exec(`UPDATE points SET total = total + $1 WHERE user_id = $2`, job.ArgInt64("points"), job.ArgString("user")); err != nil { // ok: claimed first
		return err
	}
	return tx.Commit()
}

func pool() {
	wp := work.NewWorkerPool(Context{}, 10, "app", nil)
	wp.Job("reward", (*Context).Reward)
	wp.JobWithOptions("reward_once", work.JobOptions{MaxFails: 3}, (*Context).RewardOnce)
	wp.Start()
}

// machinery: tasks registered by name.
type Tasks struct{ DB *sql.DB }

func (t *Tasks) Charge(ctx context.Context, customer string, cents int64) error {
	_, err := t.DB.ExecContext(ctx, `INSERT INTO charges (customer, cents) VALUES ($1, $2)`, customer, cents) // want `machinery job handler repeats this insert into charges when the job is retried`
	return err
}

func (t *Tasks) ChargeOnce(ctx context.Context, customer string, cents int64) error {
	sig := tasks.SignatureFromContext(ctx)
	_, err := t.DB.ExecContext(ctx, `INSERT INTO charges (task_id, customer, cents) VALUES ($1, $2, $3) ON CONFLICT (task_id) DO NOTHING`, sig.UUID, customer, cents) // ok: keyed by the task
	return err
}

func registerTasks(server *machinery.Server, t *Tasks) {
	server.RegisterTask("charge", t.Charge)
	server.RegisterTask("charge_once", t.ChargeOnce)
}
