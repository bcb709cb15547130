// Package goyesqlq accrues interest hourly with statements loaded by
// goyesql.
package goyesqlq

import (
	"github.com/jmoiron/sqlx"
	cron "github.com/robfig/cron/v3"
)

type Queries struct {
	AccrueInterest *sqlx.Stmt `query:"accrue-interest"`
	TakeLease      *sqlx.Stmt `query:"take-lease"`
}

type Jobs struct{ q *Queries }

func (j *Jobs) Register(c *cron.Cron) {
	c.AddFunc("@hourly", j.accrue)      // want `cron job .* runs in every instance at the same time and repeats its relative update of wallets.balance`
	c.AddFunc("@daily", j.accrueLeased) // ok: a lease claimed and tested
}

func (j *Jobs) accrue() {
	j.q.AccrueInterest.Exec()
}

func (j *Jobs) accrueLeased() {
	res, err := j.q.TakeLease.Exec("host-1", "accrue")
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	j.accrue()
}
