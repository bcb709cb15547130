// Package popq holds read-modify-write cycles written with pop.
package popq

import (
	"github.com/gobuffalo/buffalo"
	"github.com/gobuffalo/pop/v6"
)

type Wallet struct {
	ID      int   `db:"id"`
	Balance int64 `db:"balance"`
}

// WalletsResource is a Buffalo resource.
type WalletsResource struct{}

// Update loads the wallet, adds in Go and writes every column back.
func (v WalletsResource) Update(c buffalo.Context) error {
	tx := c.Value("tx").(*pop.Connection)
	w := &Wallet{}
	if err := tx.Find(w, c.Param("wallet_id")); err != nil {
		return err
	}
	w.Balance += 10
	return tx.Update(w) // want `lost update on wallets.balance`
}

// Read by ID, recomputed in Go, written back with UpdateColumns.
func Credit(db *pop.Connection, id int, n int64) error {
	var w Wallet
	if err := db.Find(&w, id); err != nil {
		return err
	}
	w.Balance += n
	return db.UpdateColumns(&w, "balance") // want `lost update on wallets.balance: .*; update atomically with RawQuery\("UPDATE \.\.\. SET balance = balance \+ \? WHERE id = \?", n, id\)\.Exec\(\), or read it with RawQuery\("SELECT \.\.\. FOR UPDATE", id\)\.First\(&m\)`
}

// ---- silent ----

func CreditAtomic(db *pop.Connection, id int, n int64) error {
	return db.RawQuery("UPDATE wallets SET balance = balance + ? WHERE id = ?", n, id).Exec() // ok: atomic
}

func CreditLocked(db *pop.Connection, id int, n int64) error {
	return db.Transaction(func(tx *pop.Connection) error {
		var w Wallet
		if err := tx.RawQuery("SELECT * FROM wallets WHERE id = ? FOR UPDATE", id).First(&w); err != nil {
			return err
		}
		w.Balance += n
		return tx.UpdateColumns(&w, "balance") // ok: the row is locked
	})
}

// The caller's value written, not one computed from the read.
func SetBalance(db *pop.Connection, id int, balance int64) error {
	var w Wallet
	if err := db.Find(&w, id); err != nil {
		return err
	}
	w.Balance = balance
	return db.UpdateColumns(&w, "balance") // ok: absolute
}
