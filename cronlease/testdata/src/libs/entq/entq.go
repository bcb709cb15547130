// Package entq grants monthly credits with an ent client.
package entq

import (
	"context"

	"entfixture/ent"
	"entfixture/ent/member"

	cron "github.com/robfig/cron/v3"
)

type Jobs struct{ Client *ent.Client }

func (j *Jobs) Register(c *cron.Cron) {
	c.AddFunc("@monthly", j.grant)      // want `cron job .* runs in every instance at the same time and repeats its relative update of members.credits`
	c.AddFunc("@daily", j.expireTrials) // ok: absolute, converges
}

func (j *Jobs) grant() {
	j.Client.Member.Update().Where(member.StatusEQ("active")).AddCredits(10).Exec(context.Background())
}

// Trials past their end are expired: every instance writes the same
// value, and a second run finds none left. (The fixture has no lease
// entity; the other libraries' twins take a lease.)
func (j *Jobs) expireTrials() {
	j.Client.Member.Update().Where(member.StatusEQ("trial")).SetStatus("expired").Exec(context.Background())
}
