// Package gormv1q credits wallets from NATS top-up messages with gorm v1.
package gormv1q

import (
	"github.com/jinzhu/gorm"
	"github.com/nats-io/nats.go"
)

type Wallet struct {
	ID      string `gorm:"primary_key"`
	Balance int64
}

type TopUp struct {
	ID     string `gorm:"primary_key"`
	Status string
}

type TopUps struct{ DB *gorm.DB }

func (t *TopUps) OnTopUp(m *nats.Msg) {
	t.DB.Model(&Wallet{ID: string(m.Data)}).Update("balance", gorm.Expr("balance + ?", 10)) // want `nats message handler repeats this relative update of wallets.balance`
}

// ---- silent ----

func (t *TopUps) OnTopUpClaimed(m *nats.Msg) {
	res := t.DB.Model(&TopUp{}).Where("id = ? AND status = ?", string(m.Data), "pending").Updates(map[string]interface{}{"status": "applied"})
	if res.Error != nil || res.RowsAffected == 0 {
		return
	}
	t.DB.Model(&Wallet{ID: string(m.Data)}).Update("balance", gorm.Expr("balance + ?", 10)) // ok: after the claim
}
