// Package dotsqlq accrues interest hourly with statements loaded by dotsql.
package dotsqlq

import (
	"database/sql"

	"github.com/qustavo/dotsql"
	cron "github.com/robfig/cron/v3"
)

type Jobs struct {
	db  *sql.DB
	dot *dotsql.DotSql
}

func (j *Jobs) Register(c *cron.Cron) {
	c.AddFunc("@hourly", j.accrue)      // want `cron job .* runs in every instance at the same time and repeats its relative update of wallets.balance`
	c.AddFunc("@daily", j.accrueLeased) // ok: a lease claimed and tested
}

func (j *Jobs) accrue() {
	j.dot.Exec(j.db, "accrue-interest")
}

func (j *Jobs) accrueLeased() {
	res, err := j.dot.Exec(j.db, "take-lease", "host-1", "accrue")
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	j.accrue()
}
