// Package factory schedules jobs that its controller's methods build: each
// method returns the closure the scheduler runs.
package factory

import (
	"context"
	"database/sql"
	"time"

	"github.com/go-co-op/gocron/v2"
	cron "github.com/robfig/cron/v3"
)

type Controller struct {
	db *sql.DB
	s  gocron.Scheduler
	c  *cron.Cron
}

func (tc *Controller) Start(ctx context.Context) {
	// ---- reported ----
	tc.s.NewJob(gocron.DurationJob(time.Hour), gocron.NewTask(tc.runAccrual(ctx))) // want `gocron job registered in factory.Controller.runAccrual runs in every instance at the same time and repeats its relative update of loans.interest`
	tc.c.AddFunc("@daily", tc.statementsJob())                                     // want `cron job registered in factory.Controller.statementsJob runs in every instance .* insert into statements`

	// ---- silent ----
	tc.s.NewJob(gocron.DurationJob(time.Hour), gocron.NewTask(tc.runPurge(ctx))) // ok: DELETE only
	tc.c.AddFunc("@hourly", tc.heartbeatJob("host-1"))                           // ok: an absolute update
}

func (tc *Controller) runAccrual(ctx context.Context) func() {
	return func() {
		tc.db.ExecContext(ctx, `UPDATE loans SET interest = interest + principal * 0.001`)
	}
}

func (tc *Controller) statementsJob() func() {
	return func() {
		tc.db.Exec(`INSERT INTO statements (month) VALUES (date_trunc('month', now()))`)
	}
}

func (tc *Controller) runPurge(ctx context.Context) func() {
	return func() {
		tc.db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < now()`)
	}
}

func (tc *Controller) heartbeatJob(host string) func() {
	return func() {
		tc.db.Exec(`UPDATE tickers SET last_heartbeat = now() WHERE host = $1`, host)
	}
}
