// Package gormv1q accrues interest hourly with gorm v1.
package gormv1q

import (
	"github.com/jinzhu/gorm"
	cron "github.com/robfig/cron/v3"
)

type Wallet struct {
	ID      uint `gorm:"primary_key"`
	Kind    string
	Balance int64
}

type Jobs struct{ DB *gorm.DB }

func (j *Jobs) Register(c *cron.Cron) {
	c.AddFunc("@hourly", j.accrue)      // want `cron job .* runs in every instance at the same time and repeats its relative update of wallets.balance`
	c.AddFunc("@daily", j.accrueLeased) // ok: a lease claimed and tested
}

func (j *Jobs) accrue() {
	j.DB.Model(&Wallet{}).Where("kind = ?", "savings").Update("balance", gorm.Expr("balance * 1.01"))
}

func (j *Jobs) accrueLeased() {
	res := j.DB.Exec("UPDATE job_leases SET holder = ?, held_until = now() + interval '1 hour' WHERE job_name = ? AND held_until < now()", "host-1", "accrue")
	if res.Error != nil || res.RowsAffected == 0 {
		return
	}
	j.accrue()
}
