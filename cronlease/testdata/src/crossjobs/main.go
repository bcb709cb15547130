// Command crossjobs registers the jobs of package jobs on a schedule in
// every replica.
package main

import (
	"database/sql"

	"github.com/bsm/redislock"
	cron "github.com/robfig/cron/v3"

	"crossjobs/jobs"
)

func main() {
	db, _ := sql.Open("postgres", "")
	r := &jobs.Runner{DB: db, Locker: redislock.New(nil)}
	jobs.Open(db)
	c := cron.New()

	// ---- reported ----
	c.AddFunc("@monthly", r.Invoice)  // want `cron job jobs.Runner.Invoice runs in every instance at the same time and repeats its insert into invoices at jobs.go:\d+; claim a lease first`
	c.AddFunc("@daily", jobs.Accrue)  // want `cron job jobs.Accrue runs in every instance .* relative update of accounts.balance at jobs.go:\d+`
	c.AddJob("@daily", jobs.Digest{}) // want `cron job jobs.Digest.Run runs in every instance .* its email`

	// ---- silent ----
	c.AddFunc("@monthly", r.InvoiceLeased)   // ok: a lease claimed and tested
	c.AddFunc("@monthly", r.InvoiceAdvisory) // ok: a tested try-lock
	c.AddFunc("@monthly", r.InvoiceLocked)   // ok: redislock obtained and tested
	c.AddFunc("@hourly", r.Sweep)            // ok: DELETE only
	c.AddFunc("@daily", jobs.Purge)          // ok: DELETE only
	c.AddJob("@hourly", jobs.Refresh{})      // ok: absolute update
	c.Start()
	select {}
}
