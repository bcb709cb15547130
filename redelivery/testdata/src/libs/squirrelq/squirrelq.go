// Package squirrelq credits wallets from NATS top-up messages with squirrel.
package squirrelq

import (
	"database/sql"

	sq "github.com/Masterminds/squirrel"
	"github.com/nats-io/nats.go"
)

type TopUps struct{ DB *sql.DB }

func (t *TopUps) OnTopUp(m *nats.Msg) {
	sq.Update("wallets").Set("balance", sq.Expr("balance + ?", 10)).Where(sq.Eq{"id": string(m.Data)}).RunWith(t.DB).Exec() // want `nats message handler repeats this relative update of wallets.balance`
}

// ---- silent ----

// The top-up row is claimed first; a redelivery finds it applied.
func (t *TopUps) OnTopUpClaimed(m *nats.Msg) {
	res, err := sq.Update("topups").Set("status", "applied").Where(sq.Eq{"id": string(m.Data), "status": "pending"}).RunWith(t.DB).Exec()
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	sq.Update("wallets").Set("balance", sq.Expr("balance + ?", 10)).Where(sq.Eq{"id": string(m.Data)}).RunWith(t.DB).Exec() // ok: after the claim
}
