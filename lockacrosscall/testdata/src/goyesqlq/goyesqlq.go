package goyesqlq

import (
	"net/http"
	"strings"

	"github.com/jmoiron/sqlx"
)

// LockInvoice is a plain string field: goyesql fills it with the text.
type Queries struct {
	LockInvoice string `query:"lock-invoice"`
}

type Invoices struct {
	db *sqlx.DB
	q  *Queries
}

func charge(id string) error {
	resp, err := http.Post("https://pay.example.com/charges", "text/plain", strings.NewReader(id))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (s *Invoices) Pay(id string) error {
	tx, err := s.db.Beginx()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var status string
	if err := tx.Get(&status, s.q.LockInvoice, id); err != nil {
		return err
	}
	if err := charge(id); err != nil { // want `HTTP call \(goyesqlq.charge → net/http.Post\) while the transaction holds the row lock`
		return err
	}
	return tx.Commit()
}

// ---- silent ----

func (s *Invoices) PayAfterCommit(id string) error {
	tx, err := s.db.Beginx()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var status string
	if err := tx.Get(&status, s.q.LockInvoice, id); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return charge(id) // ok: after commit
}
