// Package entq grants credits from NATS messages with an ent client.
package entq

import (
	"context"
	"strconv"

	"entfixture/ent"
	"entfixture/ent/member"

	"github.com/nats-io/nats.go"
)

type Grants struct{ Client *ent.Client }

func (g *Grants) OnGrant(m *nats.Msg) {
	id, _ := strconv.Atoi(string(m.Data))
	g.Client.Member.UpdateOneID(id).AddCredits(10).Exec(context.Background()) // want `nats message handler repeats this relative update of members.credits`
}

// ---- silent ----

// The member's pending state is claimed first.
func (g *Grants) OnGrantClaimed(m *nats.Msg) {
	ctx := context.Background()
	id, _ := strconv.Atoi(string(m.Data))
	n, err := g.Client.Member.Update().Where(member.ID(id), member.StatusEQ("pending")).SetStatus("granted").Save(ctx)
	if err != nil || n == 0 {
		return
	}
	g.Client.Member.UpdateOneID(id).AddCredits(10).Exec(ctx) // ok: after the claim
}
