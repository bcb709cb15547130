// Package squirrelq accrues interest hourly with squirrel.
package squirrelq

import (
	"database/sql"

	sq "github.com/Masterminds/squirrel"
	cron "github.com/robfig/cron/v3"
)

type Jobs struct{ DB *sql.DB }

func (j *Jobs) Register(c *cron.Cron) {
	c.AddFunc("@hourly", j.accrue)      // want `cron job .* runs in every instance at the same time and repeats its relative update of wallets.balance`
	c.AddFunc("@daily", j.accrueLeased) // ok: a lease claimed and tested
}

func (j *Jobs) accrue() {
	sq.Update("wallets").Set("balance", sq.Expr("balance * 1.01")).Where(sq.Eq{"kind": "savings"}).RunWith(j.DB).Exec()
}

func (j *Jobs) accrueLeased() {
	res, err := sq.Update("job_leases").Set("holder", "host-1").Set("held_until", sq.Expr("now() + interval '1 hour'")).
		Where(sq.Eq{"job_name": "accrue"}).Where("held_until < now()").RunWith(j.DB).Exec()
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	j.accrue()
}
