// Package popq holds network calls made while a pop transaction holds row
// locks: a Transaction callback, a NewTransaction ended by tx.TX.Commit.
package popq

import (
	"net/http"
	"strings"

	"github.com/gobuffalo/pop/v6"
)

type Payout struct {
	ID     int    `db:"id"`
	Amount int64  `db:"amount"`
	Status string `db:"status"`
}

func send(id int) error {
	resp, err := http.Post("https://bank.example.com/transfers", "application/json", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The callback's connection holds the row it has updated while the bank
// is called.
func Pay(db *pop.Connection, id int) error {
	return db.Transaction(func(tx *pop.Connection) error {
		p := &Payout{ID: id, Status: "sending"}
		if err := tx.UpdateColumns(p, "status"); err != nil {
			return err
		}
		return send(id) // want `HTTP call \(popq.send → net/http.Post\) while the transaction holds the row lock`
	})
}

// A locking read on a connection NewTransaction began.
func PayExplicit(db *pop.Connection, id int) error {
	tx, err := db.NewTransaction()
	if err != nil {
		return err
	}
	var p Payout
	if err := tx.RawQuery("SELECT * FROM payouts WHERE id = ? FOR UPDATE", id).First(&p); err != nil {
		tx.TX.Rollback()
		return err
	}
	if err := send(p.ID); err != nil { // want `HTTP call \(popq.send → net/http.Post\) while the transaction holds the row lock`
		tx.TX.Rollback()
		return err
	}
	return tx.TX.Commit()
}

// Conn is an application's connection over pop's, whose Transaction
// hands its callback a copy holding the transaction.
type Conn struct {
	*pop.Connection
	name string
}

func (c *Conn) Copy() *Conn { cp := *c; return &cp }

func (c *Conn) Transaction(fn func(*Conn) error) error {
	return c.Connection.Transaction(func(tx *pop.Connection) error {
		conn := c.Copy()
		conn.Connection = tx
		return fn(conn)
	})
}

func PayWrapped(c *Conn, id int) error {
	return c.Transaction(func(tx *Conn) error {
		if err := tx.UpdateColumns(&Payout{ID: id, Status: "sending"}, "status"); err != nil {
			return err
		}
		return send(id) // want `HTTP call \(popq.send → net/http.Post\) while the transaction holds the row lock`
	})
}

// ---- silent ----

// The bank is called after the commit.
func PayAfterCommit(db *pop.Connection, id int) error {
	tx, err := db.NewTransaction()
	if err != nil {
		return err
	}
	if err := tx.UpdateColumns(&Payout{ID: id, Status: "sending"}, "status"); err != nil {
		tx.TX.Rollback()
		return err
	}
	if err := tx.TX.Commit(); err != nil {
		return err
	}
	return send(id) // ok: committed
}

// The write is made outside any transaction.
func PayPlain(db *pop.Connection, id int) error {
	if err := db.UpdateColumns(&Payout{ID: id, Status: "sending"}, "status"); err != nil {
		return err
	}
	return send(id) // ok: no transaction
}
