// Package goquq accrues interest hourly with goqu.
package goquq

import (
	"github.com/doug-martin/goqu/v9"
	cron "github.com/robfig/cron/v3"
)

type Jobs struct{ DB *goqu.Database }

func (j *Jobs) Register(c *cron.Cron) {
	c.AddFunc("@hourly", j.accrue)      // want `cron job .* runs in every instance at the same time and repeats its relative update of wallets.balance`
	c.AddFunc("@daily", j.accrueLeased) // ok: a lease claimed and tested
}

func (j *Jobs) accrue() {
	j.DB.Update("wallets").Set(goqu.Record{"balance": goqu.L("balance * 1.01")}).Where(goqu.Ex{"kind": "savings"}).Executor().Exec()
}

func (j *Jobs) accrueLeased() {
	res, err := j.DB.Update("job_leases").Set(goqu.Record{"holder": "host-1", "held_until": goqu.L("now() + interval '1 hour'")}).
		Where(goqu.C("job_name").Eq("accrue"), goqu.L("held_until < now()")).Executor().Exec()
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	j.accrue()
}
