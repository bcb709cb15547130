// Package popq accrues interest hourly with pop.
package popq

import (
	"github.com/gobuffalo/pop/v6"
	cron "github.com/robfig/cron/v3"
)

type Jobs struct{ DB *pop.Connection }

func (j *Jobs) Register(c *cron.Cron) {
	c.AddFunc("@hourly", j.accrue)      // want `cron job .* runs in every instance at the same time and repeats its relative update of wallets.balance`
	c.AddFunc("@daily", j.accrueLeased) // ok: a lease claimed and tested
}

func (j *Jobs) accrue() {
	j.DB.RawQuery("UPDATE wallets SET balance = balance * 1.01 WHERE kind = 'savings'").Exec()
}

func (j *Jobs) accrueLeased() {
	n, err := j.DB.RawQuery("UPDATE job_leases SET holder = ?, held_until = now() + interval '1 hour' WHERE job_name = ? AND held_until < now()", "host-1", "accrue").ExecWithCount()
	if err != nil || n == 0 {
		return
	}
	j.accrue()
}
