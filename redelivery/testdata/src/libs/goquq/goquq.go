// Package goquq credits wallets from NATS top-up messages with goqu.
package goquq

import (
	"github.com/doug-martin/goqu/v9"
	"github.com/nats-io/nats.go"
)

type TopUps struct{ DB *goqu.Database }

func (t *TopUps) OnTopUp(m *nats.Msg) {
	t.DB.Update("wallets").Set(goqu.Record{"balance": goqu.L("balance + ?", 10)}).Where(goqu.Ex{"id": string(m.Data)}).Executor().Exec() // want `nats message handler repeats this relative update of wallets.balance`
}

// ---- silent ----

func (t *TopUps) OnTopUpClaimed(m *nats.Msg) {
	res, err := t.DB.Update("topups").Set(goqu.Record{"status": "applied"}).Where(goqu.C("id").Eq(string(m.Data)), goqu.C("status").Eq("pending")).Executor().Exec()
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	t.DB.Update("wallets").Set(goqu.Record{"balance": goqu.L("balance + ?", 10)}).Where(goqu.Ex{"id": string(m.Data)}).Executor().Exec() // ok: after the claim
}
