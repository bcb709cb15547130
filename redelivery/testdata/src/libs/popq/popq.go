// Package popq credits wallets from NATS top-up messages with pop.
package popq

import (
	"github.com/gobuffalo/pop/v6"
	"github.com/nats-io/nats.go"
)

type TopUps struct{ DB *pop.Connection }

func (t *TopUps) OnTopUp(m *nats.Msg) {
	t.DB.RawQuery("UPDATE wallets SET balance = balance + 10 WHERE id = ?", string(m.Data)).Exec() // want `nats message handler repeats this relative update of wallets.balance`
}

// ---- silent ----

func (t *TopUps) OnTopUpClaimed(m *nats.Msg) {
	n, err := t.DB.RawQuery("UPDATE topups SET status = 'applied' WHERE id = ? AND status = 'pending'", string(m.Data)).ExecWithCount()
	if err != nil || n == 0 {
		return
	}
	t.DB.RawQuery("UPDATE wallets SET balance = balance + 10 WHERE id = ?", string(m.Data)).Exec() // ok: after the claim
}
