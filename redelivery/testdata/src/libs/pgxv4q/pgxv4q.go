// Package pgxv4q credits wallets from NATS top-up messages with pgx v4.
package pgxv4q

import (
	"context"

	"github.com/jackc/pgx/v4/pgxpool"
	"github.com/nats-io/nats.go"
)

type TopUps struct{ Pool *pgxpool.Pool }

func (t *TopUps) OnTopUp(m *nats.Msg) {
	t.Pool.Exec(context.Background(), "UPDATE wallets SET balance = balance + 10 WHERE id = $1", string(m.Data)) // want `nats message handler repeats this relative update of wallets.balance`
}

// ---- silent ----

func (t *TopUps) OnTopUpClaimed(m *nats.Msg) {
	ctx := context.Background()
	tag, err := t.Pool.Exec(ctx, "UPDATE topups SET status = 'applied' WHERE id = $1 AND status = 'pending'", string(m.Data))
	if err != nil || tag.RowsAffected() == 0 {
		return
	}
	t.Pool.Exec(ctx, "UPDATE wallets SET balance = balance + 10 WHERE id = $1", string(m.Data)) // ok: after the claim
}
