package goquq

import (
	"errors"

	"github.com/doug-martin/goqu/v9"
)

type Store struct{ db *goqu.Database }

// A compare-and-set whose rows affected are dropped.
func (s *Store) Confirm(id int64) error {
	_, err := s.db.Update("bookings").Set(goqu.Record{"status": "confirmed"}).Where(goqu.C("id").Eq(id), goqu.C("status").Eq("held")).Executor().Exec() // want `compare-and-set on bookings.status ignores rows affected`
	return err
}

// ---- silent ----

func (s *Store) ConfirmChecked(id int64) error {
	res, err := s.db.Update("bookings").Set(goqu.Record{"status": "confirmed"}).Where(goqu.Ex{"id": id, "status": "held"}).Executor().Exec() // ok: tested
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return errors.New("hold expired")
	}
	return nil
}

// No state predicate: an absolute write, not a compare-and-set.
func (s *Store) Cancel(id int64) error {
	_, err := s.db.Update("bookings").Set(goqu.Record{"status": "cancelled"}).Where(goqu.Ex{"id": id}).Executor().Exec() // ok: no predicate to test
	return err
}
