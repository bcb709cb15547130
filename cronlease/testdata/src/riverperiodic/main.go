// Command riverperiodic runs a nightly accrual as a river periodic job:
// river's elected leader inserts one job per period, whatever the number
// of replicas, so the schedule runs once.
package main

import (
	"context"
	"database/sql"
	"time"

	"github.com/riverqueue/river"
	cron "github.com/robfig/cron/v3"
)

var db *sql.DB

type AccrueArgs struct{}

func (AccrueArgs) Kind() string { return "accrue" }

type AccrueWorker struct {
	river.WorkerDefaults[AccrueArgs]
}

func (w *AccrueWorker) Work(ctx context.Context, job *river.Job[AccrueArgs]) error {
	_, err := db.ExecContext(ctx, `UPDATE loans SET interest = interest + principal * 0.001`)
	return err
}

func main() {
	workers := river.NewWorkers()
	river.AddWorker(workers, &AccrueWorker{})
	_ = river.Config{
		Workers: workers,
		PeriodicJobs: []*river.PeriodicJob{
			river.NewPeriodicJob(river.PeriodicInterval(24*time.Hour), func() (river.JobArgs, *river.InsertOpts) { // ok: river's leader inserts the run
				return AccrueArgs{}, nil
			}, &river.PeriodicJobOpts{RunOnStart: true}),
		},
	}
	// The same accrual on a cron of every replica is reported.
	c := cron.New()
	c.AddFunc("@daily", func() { // want `cron job registered in main.main runs in every instance .* relative update of loans.interest`
		db.Exec(`UPDATE loans SET interest = interest + principal * 0.001`)
	})
	c.Start()
}
