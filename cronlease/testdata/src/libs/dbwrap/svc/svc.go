// Package svc accrues interest hourly through the application's own
// database layer.
package svc

import (
	"context"

	"dbwrap/db"

	cron "github.com/robfig/cron/v3"
)

type Jobs struct{ bus *db.Bus }

func (j *Jobs) Register(c *cron.Cron) {
	c.AddFunc("@hourly", j.accrue)      // want `cron job .* runs in every instance at the same time and repeats its relative update of wallets.balance`
	c.AddFunc("@daily", j.accrueLeased) // ok: a lease claimed and tested
}

func (j *Jobs) accrue() {
	j.bus.Run(context.Background(), "UPDATE wallets SET balance = balance * 1.01 WHERE kind = 'savings'")
}

func (j *Jobs) accrueLeased() {
	res, err := j.bus.Run(context.Background(), "UPDATE job_leases SET holder = $1, held_until = now() + interval '1 hour' WHERE job_name = $2 AND held_until < now()", "host-1", "accrue")
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	j.accrue()
}
