// Package svc credits wallets from NATS top-up messages through the
// application's own database layer.
package svc

import (
	"context"

	"dbwrap/db"

	"github.com/nats-io/nats.go"
)

type TopUps struct{ bus *db.Bus }

func (t *TopUps) OnTopUp(m *nats.Msg) {
	t.bus.Run(context.Background(), "UPDATE wallets SET balance = balance + 10 WHERE id = $1", string(m.Data)) // want `nats message handler repeats this relative update of wallets.balance`
}

// ---- silent ----

func (t *TopUps) OnTopUpClaimed(m *nats.Msg) {
	ctx := context.Background()
	res, err := t.bus.Run(ctx, "UPDATE topups SET status = 'applied' WHERE id = $1 AND status = 'pending'", string(m.Data))
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	t.bus.Run(ctx, "UPDATE wallets SET balance = balance + 10 WHERE id = $1", string(m.Data)) // ok: after the claim
}
