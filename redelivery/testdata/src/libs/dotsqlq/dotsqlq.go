// Package dotsqlq credits wallets from NATS top-up messages with dotsql.
package dotsqlq

import (
	"database/sql"

	"github.com/nats-io/nats.go"
	"github.com/qustavo/dotsql"
)

type TopUps struct {
	db  *sql.DB
	dot *dotsql.DotSql
}

func (t *TopUps) OnTopUp(m *nats.Msg) {
	t.dot.Exec(t.db, "credit-wallet", string(m.Data)) // want `nats message handler repeats this relative update of wallets.balance`
}

// ---- silent ----

func (t *TopUps) OnTopUpClaimed(m *nats.Msg) {
	res, err := t.dot.Exec(t.db, "apply-topup", string(m.Data))
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	t.dot.Exec(t.db, "credit-wallet", string(m.Data)) // ok: after the claim
}
