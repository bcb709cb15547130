// Package xormq accrues interest hourly with xorm.
package xormq

import (
	cron "github.com/robfig/cron/v3"
	"xorm.io/xorm"
)

type Wallet struct {
	Id      int64
	Kind    string
	Balance int64
}

type Jobs struct{ X *xorm.Engine }

func (j *Jobs) Register(c *cron.Cron) {
	c.AddFunc("@hourly", j.accrue)      // want `cron job .* runs in every instance at the same time and repeats its relative update of wallet.balance`
	c.AddFunc("@daily", j.accrueLeased) // ok: a lease claimed and tested
}

func (j *Jobs) accrue() {
	j.X.Where("kind = ?", "savings").Incr("balance", 5).Update(new(Wallet))
}

func (j *Jobs) accrueLeased() {
	res, err := j.X.Exec("UPDATE job_lease SET holder = ?, held_until = now() + interval '1 hour' WHERE job_name = ? AND held_until < now()", "host-1", "accrue")
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	j.accrue()
}
