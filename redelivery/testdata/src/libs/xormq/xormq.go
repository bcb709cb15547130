// Package xormq credits wallets from NATS top-up messages with xorm.
package xormq

import (
	"github.com/nats-io/nats.go"
	"xorm.io/xorm"
)

type Wallet struct {
	Id      string
	Balance int64
}

type Topup struct {
	Id     string
	Status string
}

type TopUps struct{ X *xorm.Engine }

func (t *TopUps) OnTopUp(m *nats.Msg) {
	t.X.ID(string(m.Data)).Incr("balance", 10).Update(new(Wallet)) // want `nats message handler repeats this relative update of wallet.balance`
}

// ---- silent ----

func (t *TopUps) OnTopUpClaimed(m *nats.Msg) {
	affected, err := t.X.Where("id = ? AND status = ?", string(m.Data), "pending").Cols("status").Update(&Topup{Status: "applied"})
	if err != nil || affected == 0 {
		return
	}
	t.X.ID(string(m.Data)).Incr("balance", 10).Update(new(Wallet)) // ok: after the claim
}
