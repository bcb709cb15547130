package goquq

import (
	"context"
	"errors"

	"github.com/doug-martin/goqu/v9"
	"github.com/lib/pq"
)

type Member struct {
	ID     int64  `db:"id" goqu:"skipinsert"`
	Email  string `db:"email"`
	Status string `db:"status"`
}

var ErrTaken = errors.New("taken")

type Store struct{ db *goqu.Database }

// ScanStruct's found deciding the insert of the same email.
func (s *Store) Join(ctx context.Context, email string) error {
	var m Member
	found, err := s.db.From("members").Where(goqu.Ex{"email": email}).ScanStructContext(ctx, &m)
	if err != nil {
		return err
	}
	if found {
		return ErrTaken
	}
	_, err = s.db.Insert("members").Rows(Member{Email: email, Status: "active"}).Executor().ExecContext(ctx) // want `check-then-insert on members\(email\)`
	return err
}

// Count inside WithTx: READ COMMITTED lets both callers in.
func (s *Store) Invite(email string) error {
	return s.db.WithTx(func(tx *goqu.TxDatabase) error {
		n, err := tx.From("members").Where(goqu.C("email").Eq(email)).Count()
		if err != nil || n > 0 {
			return err
		}
		_, err = tx.Insert("members").Rows(goqu.Record{"email": email, "status": "invited"}).Executor().Exec() // want `check-then-insert on members\(email\)`
		return err
	})
}

// ---- silent ----

// The unique violation is handled: the second caller gets ErrTaken.
func (s *Store) JoinHandled(ctx context.Context, email string) error {
	var m Member
	found, err := s.db.From("members").Where(goqu.Ex{"email": email}).ScanStructContext(ctx, &m)
	if err != nil || found {
		return err
	}
	_, err = s.db.Insert("members").Rows(Member{Email: email}).Executor().ExecContext(ctx) // ok: 23505 handled
	var pe *pq.Error
	if errors.As(err, &pe) && pe.Code == "23505" {
		return ErrTaken
	}
	return err
}

// The insert itself does nothing on a duplicate.
func (s *Store) JoinIgnore(ctx context.Context, email string) error {
	var m Member
	found, err := s.db.From("members").Where(goqu.Ex{"email": email}).ScanStructContext(ctx, &m)
	if err != nil || found {
		return err
	}
	_, err = s.db.Insert("members").Rows(Member{Email: email}).OnConflict(goqu.DoNothing()).Executor().ExecContext(ctx) // ok: ON CONFLICT DO NOTHING
	return err
}

// The lookup is of another table: it decides nothing about this key.
func (s *Store) Refer(ctx context.Context, referrer int64, email string) error {
	var m Member
	found, err := s.db.From("members").Where(goqu.Ex{"id": referrer}).ScanStructContext(ctx, &m)
	if err != nil || !found {
		return err
	}
	_, err = s.db.Insert("referrals").Rows(goqu.Record{"referrer_id": referrer, "email": email}).Executor().ExecContext(ctx) // ok: another table
	return err
}
