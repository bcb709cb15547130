package goquq

import (
	"errors"

	"github.com/doug-martin/goqu/v9"
)

type Wallet struct {
	ID      int64 `db:"id"`
	Balance int64 `db:"balance"`
}

var ErrNoWallet = errors.New("no wallet")

type Store struct{ db *goqu.Database }

// Read, recomputed in Go, written back as an absolute value.
func (s *Store) Credit(id, n int64) error {
	var w Wallet
	found, err := s.db.From("wallets").Where(goqu.Ex{"id": id}).ScanStruct(&w)
	if err != nil || !found {
		return ErrNoWallet
	}
	w.Balance += n
	_, err = s.db.Update("wallets").Set(goqu.Record{"balance": w.Balance}).Where(goqu.Ex{"id": id}).Executor().Exec() // want `lost update on wallets.balance: .*; update atomically with Set\(goqu.Record\{"balance": goqu.L\("balance \+ \?", n\)\}\), or read it with ForUpdate\(goqu.Wait\)`
	return err
}

// The loaded struct written back whole with Set(w).
func (s *Store) Debit(id, n int64) error {
	var w Wallet
	if found, err := s.db.From("wallets").Where(goqu.C("id").Eq(id)).ScanStruct(&w); err != nil || !found {
		return ErrNoWallet
	}
	w.Balance -= n
	_, err := s.db.Update("wallets").Set(w).Where(goqu.C("id").Eq(id)).Executor().Exec() // want `lost update on wallets.balance`
	return err
}

// ---- silent ----

func (s *Store) CreditAtomic(id, n int64) error {
	_, err := s.db.Update("wallets").Set(goqu.Record{"balance": goqu.L("balance + ?", n)}).Where(goqu.Ex{"id": id}).Executor().Exec() // ok: atomic
	return err
}

func (s *Store) CreditLocked(id, n int64) error {
	return s.db.WithTx(func(tx *goqu.TxDatabase) error {
		var w Wallet
		if found, err := tx.From("wallets").Where(goqu.Ex{"id": id}).ForUpdate(goqu.Wait).ScanStruct(&w); err != nil || !found {
			return ErrNoWallet
		}
		w.Balance += n
		_, err := tx.Update("wallets").Set(goqu.Record{"balance": w.Balance}).Where(goqu.Ex{"id": id}).Executor().Exec() // ok: the row is locked
		return err
	})
}

// The caller's value, not one computed from the read.
func (s *Store) Reset(id, balance int64) error {
	_, err := s.db.Update("wallets").Set(goqu.Record{"balance": balance}).Where(goqu.Ex{"id": id}).Executor().Exec() // ok: absolute value from the caller
	return err
}
