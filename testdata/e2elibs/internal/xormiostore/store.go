// Package xormiostore is a repository written with github.com/xorm-io/xorm,
// the fork of xorm.io/xorm an IAM server uses, in its shape: rows keyed by
// (owner, name), an Engine held by an adapter, core.PK for composite keys.
package xormiostore

import (
	"errors"

	"github.com/xorm-io/core"
	"github.com/xorm-io/xorm"
)

type Wallet struct {
	Owner   string `xorm:"varchar(100) notnull pk"`
	Name    string `xorm:"varchar(100) notnull pk"`
	Email   string `xorm:"varchar(100) index"`
	Balance float64
}

type Adapter struct{ Engine *xorm.Engine }

var ErrExists = errors.New("wallet exists")

func (a *Adapter) AddWallet(w *Wallet) error {
	has, err := a.Engine.Exist(&Wallet{Email: w.Email})
	if err != nil {
		return err
	}
	if has {
		return ErrExists
	}
	_, err = a.Engine.Insert(w) // HAZARD(checkfindinsert)
	return err
}

func (a *Adapter) Charge(owner, name string, amount float64) error {
	w := Wallet{Owner: owner, Name: name}
	if has, err := a.Engine.Get(&w); err != nil || !has {
		return errors.New("no wallet")
	}
	w.Balance -= amount
	_, err := a.Engine.ID(core.PK{owner, name}).Cols("balance").Update(&w) // HAZARD(lostupdate)
	return err
}

func (a *Adapter) ChargeAtomic(owner, name string, amount float64) error {
	_, err := a.Engine.ID(core.PK{owner, name}).Decr("balance", amount).Update(new(Wallet)) // SAFE(lostupdate): atomic
	return err
}
