// Package bunq accrues interest hourly with bun.
package bunq

import (
	"context"

	cron "github.com/robfig/cron/v3"
	"github.com/uptrace/bun"
)

type Wallet struct {
	ID      int64 `bun:",pk"`
	Kind    string
	Balance int64
}

type JobLease struct {
	JobName   string `bun:",pk"`
	Holder    string
	HeldUntil string
}

type Jobs struct{ DB *bun.DB }

func (j *Jobs) Register(c *cron.Cron) {
	c.AddFunc("@hourly", j.accrue)      // want `cron job .* runs in every instance at the same time and repeats its relative update of wallets.balance`
	c.AddFunc("@daily", j.accrueLeased) // ok: a lease claimed and tested
}

func (j *Jobs) accrue() {
	j.DB.NewUpdate().Model((*Wallet)(nil)).Set("balance = balance * 1.01").Where("kind = ?", "savings").Exec(context.Background())
}

func (j *Jobs) accrueLeased() {
	res, err := j.DB.NewUpdate().Model((*JobLease)(nil)).Set("holder = ?", "host-1").Set("held_until = now() + interval '1 hour'").
		Where("job_name = ?", "accrue").Where("held_until < now()").Exec(context.Background())
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	j.accrue()
}
