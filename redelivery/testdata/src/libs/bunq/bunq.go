// Package bunq credits wallets from NATS top-up messages with bun.
package bunq

import (
	"context"

	"github.com/nats-io/nats.go"
	"github.com/uptrace/bun"
)

type Wallet struct {
	ID      string `bun:",pk"`
	Balance int64
}

type TopUp struct {
	ID     string `bun:",pk"`
	Status string
}

type TopUps struct{ DB *bun.DB }

func (t *TopUps) OnTopUp(m *nats.Msg) {
	t.DB.NewUpdate().Model((*Wallet)(nil)).Set("balance = balance + ?", 10).Where("id = ?", string(m.Data)).Exec(context.Background()) // want `nats message handler repeats this relative update of wallets.balance`
}

// ---- silent ----

func (t *TopUps) OnTopUpClaimed(m *nats.Msg) {
	ctx := context.Background()
	res, err := t.DB.NewUpdate().Model((*TopUp)(nil)).Set("status = ?", "applied").Where("id = ?", string(m.Data)).Where("status = ?", "pending").Exec(ctx)
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	t.DB.NewUpdate().Model((*Wallet)(nil)).Set("balance = balance + ?", 10).Where("id = ?", string(m.Data)).Exec(ctx) // ok: after the claim
}
