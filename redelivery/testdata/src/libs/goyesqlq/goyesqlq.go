// Package goyesqlq credits wallets from NATS top-up messages with
// statements loaded by goyesql.
package goyesqlq

import (
	"github.com/jmoiron/sqlx"
	"github.com/nats-io/nats.go"
)

type Queries struct {
	CreditWallet *sqlx.Stmt `query:"credit-wallet"`
	ApplyTopUp   *sqlx.Stmt `query:"apply-topup"`
}

type TopUps struct{ q *Queries }

func (t *TopUps) OnTopUp(m *nats.Msg) {
	t.q.CreditWallet.Exec(string(m.Data)) // want `nats message handler repeats this relative update of wallets.balance`
}

// ---- silent ----

func (t *TopUps) OnTopUpClaimed(m *nats.Msg) {
	res, err := t.q.ApplyTopUp.Exec(string(m.Data))
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	t.q.CreditWallet.Exec(string(m.Data)) // ok: after the claim
}
