// Package quotesvc issues signatures for paid quotes.
package quotesvc

import (
	"errors"

	"staleguard/quoterepo"
)

var (
	ErrUnpaid  = errors.New("quote not paid")
	ErrIssued  = errors.New("quote already issued")
	ErrPending = errors.New("quote pending")
)

type Service struct{ Repo *quoterepo.Repo }

// Issue checks the quote is not issued, signs, then marks it: two requests
// both pass the check and both get signatures.
func (s *Service) Issue(id string, sigs []string) error {
	q, err := s.Repo.Quote(id)
	if err != nil {
		return err
	}
	if q.State == quoterepo.Issued {
		return ErrIssued
	}
	for _, sig := range sigs {
		if err := s.Repo.SaveSignature(id, sig); err != nil {
			return err
		}
	}
	return s.Repo.SetState(id, quoterepo.Issued) // want `check-then-update on quotes\(state\): the check at quotesvc.go:\d+ of the value read at quotesvc.go:\d+ \(by quoterepo.Repo.Quote\) is not in the WHERE of the update by quoterepo.Repo.SetState, so concurrent requests all pass it; add AND state <> 'ISSUED'`
}

// IssuePaid marks a paid quote pending before signing, but by id alone:
// both requests read PAID and both mark it pending.
func (s *Service) IssuePaid(id string, sigs []string) error {
	q, err := s.Repo.Quote(id)
	if err != nil {
		return err
	}
	switch q.State {
	case quoterepo.Unpaid:
		return ErrUnpaid
	case quoterepo.Issued:
		return ErrIssued
	case quoterepo.Pending:
		return ErrPending
	case quoterepo.Paid:
		if err := s.Repo.SetState(id, quoterepo.Pending); err != nil { // want `check-then-update on quotes\(state\): .* by quoterepo.Repo.SetState, so concurrent requests all pass it; add AND state = 'PAID'`
			return err
		}
		for _, sig := range sigs {
			if err := s.Repo.SaveSignature(id, sig); err != nil {
				return err
			}
		}
	}
	return nil
}

// ---- silent ----

// IssueClaimed moves PAID to ISSUED in the WHERE and stops when it did not.
func (s *Service) IssueClaimed(id string, sigs []string) error {
	q, err := s.Repo.Quote(id)
	if err != nil {
		return err
	}
	if q.State != quoterepo.Paid {
		return ErrUnpaid
	}
	ok, err := s.Repo.MoveState(id, quoterepo.Paid, quoterepo.Issued) // ok: the WHERE re-states the check
	if err != nil {
		return err
	}
	if !ok {
		return ErrIssued
	}
	for _, sig := range sigs {
		if err := s.Repo.SaveSignature(id, sig); err != nil {
			return err
		}
	}
	return nil
}

// Mark checks a state the caller gives, not one read: nothing stale.
func (s *Service) Mark(id string, state quoterepo.State) error {
	if state == quoterepo.Issued {
		return ErrIssued
	}
	return s.Repo.SetState(id, state) // ok: no read decides it
}

// Finish skips a quote already issued and marks it, doing nothing else on
// the check's word: racers write the same state.
func (s *Service) Finish(id string) error {
	q, err := s.Repo.Quote(id)
	if err != nil {
		return err
	}
	if q.State == quoterepo.Issued {
		return nil
	}
	return s.Repo.SetState(id, quoterepo.Issued) // ok: writes the value the check skips on
}
