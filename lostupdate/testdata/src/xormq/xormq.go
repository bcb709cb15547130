package xormq

import (
	"errors"

	"xorm.io/xorm"
)

type Wallet struct {
	Id      int64
	Balance int64
}

type Ledger struct {
	Id      int64
	Balance int64
	Version int `xorm:"version"`
}

var ErrNoWallet = errors.New("no wallet")

// Read by ID, recomputed in Go, written back with Cols.
func Credit(x *xorm.Engine, id, n int64) error {
	var w Wallet
	has, err := x.ID(id).Get(&w)
	if err != nil || !has {
		return ErrNoWallet
	}
	w.Balance += n
	_, err = x.ID(id).Cols("balance").Update(&w) // want `lost update on wallet.balance: .*; update atomically with Incr\("balance", n\), or read it with ForUpdate\(\)`
	return err
}

// The loaded bean written back whole: xorm writes its non-zero fields.
func Debit(x *xorm.Engine, id, n int64) error {
	w := new(Wallet)
	if has, err := x.ID(id).Get(w); err != nil || !has {
		return ErrNoWallet
	}
	w.Balance -= n
	_, err := x.ID(id).Update(w) // want `lost update on wallet.balance`
	return err
}

// ---- silent ----

func CreditAtomic(x *xorm.Engine, id, n int64) error {
	_, err := x.ID(id).Incr("balance", n).Update(new(Wallet)) // ok: atomic
	return err
}

func CreditLocked(x *xorm.Engine, id, n int64) error {
	_, err := x.Transaction(func(s *xorm.Session) (interface{}, error) {
		var w Wallet
		if has, err := s.ID(id).ForUpdate().Get(&w); err != nil || !has {
			return nil, ErrNoWallet
		}
		w.Balance += n
		return s.ID(id).Cols("balance").Update(&w) // ok: the row is locked
	})
	return err
}

// xorm adds version = <read> to the update of a versioned bean and bumps
// it: a concurrent write makes this one match no row.
func CreditVersioned(x *xorm.Engine, id, n int64) error {
	var l Ledger
	if has, err := x.ID(id).Get(&l); err != nil || !has {
		return ErrNoWallet
	}
	l.Balance += n
	affected, err := x.ID(id).Cols("balance").Update(&l) // ok: version checked
	if err == nil && affected == 0 {
		return errors.New("concurrent update")
	}
	return err
}
