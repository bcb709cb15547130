// Package refusecheck reverses ledger entries. A reversal is an entry of
// its own that names the entry it reverses and swaps its accounts; an
// entry may be reversed once. The check lives in a helper that refuses
// with an error of its own when a reversal exists, and returns nil only
// when none does; the caller tests only that error.
package refusecheck

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"
	"net/http"
)

// Entry is a ledger entry.
type Entry struct {
	ID       string
	Reverses string
	Debit    string
	Credit   string
	Cents    int64
}

// Ledger is the entries table.
type Ledger struct{ db *sql.DB }

// HasReversal reports whether the entry was reversed already.
func (l Ledger) HasReversal(ctx context.Context, e *Entry) (bool, error) {
	var found bool
	err := l.db.QueryRowContext(ctx,
		`SELECT EXISTS (SELECT 1 FROM entries WHERE reverses = $1 AND debit = $2 AND credit = $3)`,
		e.ID, e.Credit, e.Debit).Scan(&found)
	return found, err
}

// Post stores an entry.
func (l Ledger) Post(ctx context.Context, e *Entry) error {
	_, err := l.db.ExecContext(ctx,
		`INSERT INTO entries (id, reverses, debit, credit, cents) VALUES ($1, $2, $3, $4, $5)`,
		e.ID, e.Reverses, e.Debit, e.Credit, e.Cents)
	return err
}

// PostOnce stores an entry unless its reversal key is taken.
func (l Ledger) PostOnce(ctx context.Context, e *Entry) error {
	_, err := l.db.ExecContext(ctx,
		`INSERT INTO entries (id, reverses, debit, credit, cents) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
		e.ID, e.Reverses, e.Debit, e.Credit, e.Cents)
	return err
}

// Service reverses entries on request.
type Service struct {
	ledger Ledger
	newID  func() string
}

// ErrReversed is returned for an entry reversed before.
var ErrReversed = errors.New("entry already reversed")

// reversible refuses an entry that has a reversal.
func (s *Service) reversible(ctx context.Context, e *Entry) error {
	found, err := s.ledger.HasReversal(ctx, e)
	if err != nil {
		return fmt.Errorf("looking up reversals of %s: %w", e.ID, err)
	}
	if found {
		return fmt.Errorf("entry %s: %w", e.ID, ErrReversed)
	}
	return nil
}

// reversibleLogged only logs an entry reversed before.
func (s *Service) reversibleLogged(ctx context.Context, e *Entry) error {
	found, err := s.ledger.HasReversal(ctx, e)
	if err != nil {
		return err
	}
	if found {
		log.Printf("entry %s reversed again", e.ID)
	}
	return nil
}

// reversalOf is the entry that undoes e.
func (s *Service) reversalOf(e *Entry) *Entry {
	r := *e
	r.ID = s.newID()
	r.Reverses = e.ID
	r.Debit, r.Credit = e.Credit, e.Debit
	return &r
}

// Reverse posts the reversal when none exists: two requests both pass the
// check and both post one, and the entry is undone twice.
func (s *Service) Reverse(ctx context.Context, e *Entry) error {
	if err := s.reversible(ctx, e); err != nil {
		return err
	}
	return s.ledger.Post(ctx, s.reversalOf(e)) // want `check-then-insert on entries\(reverses, debit, credit\): a concurrent request can insert between the lookup by refusecheck\.Service\.reversible`
}

// ---- silent ----

// ReverseOnce posts with ON CONFLICT DO NOTHING.
func (s *Service) ReverseOnce(ctx context.Context, e *Entry) error {
	if err := s.reversible(ctx, e); err != nil {
		return err
	}
	return s.ledger.PostOnce(ctx, s.reversalOf(e)) // ok: the conflict clause decides
}

// ReverseAnyway posts whatever the check found: the check decides
// nothing.
func (s *Service) ReverseAnyway(ctx context.Context, e *Entry) error {
	if err := s.reversibleLogged(ctx, e); err != nil {
		return err
	}
	return s.ledger.Post(ctx, s.reversalOf(e)) // ok: the lookup's nil error comes on both sides
}

// Handler serves reversal requests.
func (s *Service) Handler(w http.ResponseWriter, r *http.Request) {
	e := &Entry{ID: r.FormValue("id"), Debit: r.FormValue("debit"), Credit: r.FormValue("credit")}
	if err := s.Reverse(r.Context(), e); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}
