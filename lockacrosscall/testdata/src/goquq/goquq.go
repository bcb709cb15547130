package goquq

import (
	"context"
	"net/http"
	"strings"

	"github.com/doug-martin/goqu/v9"
)

func send(id int64) error {
	resp, err := http.Post("https://bank.example.com/transfers", "application/json", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type Store struct{ db *goqu.Database }

// A row locked with ForUpdate in a Begin transaction while the bank is
// called.
func (s *Store) Pay(ctx context.Context, id int64) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var amount int64
	if _, err := tx.From("payouts").Select("amount").Where(goqu.Ex{"id": id}).ForUpdate(goqu.Wait).ScanValContext(ctx, &amount); err != nil {
		tx.Rollback()
		return err
	}
	if err := send(id); err != nil { // want `HTTP call \(goquq.send → net/http.Post\) while the transaction holds the row lock`
		tx.Rollback()
		return err
	}
	if _, err := tx.Update("payouts").Set(goqu.Record{"status": "sent"}).Where(goqu.Ex{"id": id}).Executor().ExecContext(ctx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// WithTx's callback holds the row it has written.
func (s *Store) PayCallback(id int64) error {
	return s.db.WithTx(func(tx *goqu.TxDatabase) error {
		if _, err := tx.Update("payouts").Set(goqu.Record{"status": "sending"}).Where(goqu.Ex{"id": id}).Executor().Exec(); err != nil {
			return err
		}
		return send(id) // want `HTTP call \(goquq.send → net/http.Post\) while the transaction holds the row lock`
	})
}

// ---- silent ----

// The call is made after Commit.
func (s *Store) PayAfterCommit(ctx context.Context, id int64) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.Update("payouts").Set(goqu.Record{"status": "sending"}).Where(goqu.Ex{"id": id}).Executor().ExecContext(ctx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return send(id) // ok: committed
}

// A write on the database, outside any transaction, before the call.
func (s *Store) PayNoTx(id int64) error {
	if _, err := s.db.Update("payouts").Set(goqu.Record{"status": "sending"}).Where(goqu.Ex{"id": id}).Executor().Exec(); err != nil {
		return err
	}
	return send(id) // ok: no transaction
}
