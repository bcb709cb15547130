// Command jobshapes registers the billing jobs, which return errors, in
// the shapes real services use: conversions, task constructors taking any
// function, and the service's own wrappers.
package main

import (
	"context"
	"time"

	gocron1 "github.com/go-co-op/gocron"
	"github.com/go-co-op/gocron/v2"
	cron "github.com/robfig/cron/v3"

	"jobshapes/billing"
	"jobshapes/worker"
)

func main() {
	ctx := context.Background()
	c := cron.New()
	s, _ := gocron.NewScheduler()
	s1 := gocron1.NewScheduler(time.UTC)

	// ---- reported ----
	c.AddJob("@daily", cron.FuncJob(billing.AccrueNow))                          // want `cron job billing.AccrueNow runs in every instance .* relative update of accounts.balance at ledger.go:\d+`
	s.NewJob(gocron.DurationJob(time.Hour), gocron.NewTask(billing.Accrue, ctx)) // want `gocron job billing.Accrue runs in every instance .* relative update of accounts.balance at ledger.go:\d+`
	s1.Every(1).Day().Do(billing.Statements, ctx)                                // want `gocron job billing.Statements runs in every instance .* insert into statements at ledger.go:\d+`
	schedule(c, "@every 1h", func() {                                            // want `cron job registered in main.main runs in every instance .* relative update of accounts.balance at ledger.go:\d+`
		billing.AccrueNow()
	})
	scheduleAndRun(c, "@monthly", func() { // want `cron job registered in main.main runs in every instance .* insert into statements at ledger.go:\d+`
		billing.Statements(ctx)
	})
	// ---- silent ----
	c.AddJob("@hourly", cron.FuncJob(billing.SweepNow))                         // ok: DELETE only
	s.NewJob(gocron.DurationJob(time.Hour), gocron.NewTask(billing.Sweep, ctx)) // ok: DELETE only
	s1.Every(1).Day().Do(billing.Sweep, ctx)                                    // ok: DELETE only
	schedule(c, "@every 1h", func() {                                           // ok: DELETE only
		billing.SweepNow()
	})
	worker.Start()
	c.Start()
	s.Start()
	s1.StartAsync()
	select {}
}

// schedule registers cmd on c.
func schedule(c *cron.Cron, spec string, cmd func()) (cron.EntryID, error) {
	return c.AddFunc(spec, cmd)
}

// scheduleAndRun registers cmd on c and runs it once now.
func scheduleAndRun(c *cron.Cron, spec string, cmd func()) (cron.EntryID, error) {
	go cmd()
	return schedule(c, spec, cmd)
}
