// Package oauth serves an OAuth server's consent and token endpoints over
// pop: a pending grant is approved by its user, and the code of an
// approved grant is exchanged once for a session.
package oauth

import (
	"errors"

	"staleguard/popauth/models"
	"staleguard/popauth/store"
)

var (
	ErrInvalidGrant = errors.New("invalid_grant")
	ErrNotPending   = errors.New("grant is no longer pending")
)

type Server struct{}

// Exchange validates the code outside any transaction, then issues the
// session and destroys the grant in one: two requests with the same code
// both pass the lookup, the second Destroy matches no row and commits
// anyway, so both get a session.
func (s *Server) Exchange(db *store.Connection, code string) (*models.Session, error) {
	grant, err := models.FindGrantByCode(db, code)
	if err != nil {
		if models.IsNotFoundError(err) {
			return nil, ErrInvalidGrant
		}
		return nil, err
	}
	if grant.Expired() || grant.UserID == nil {
		return nil, ErrInvalidGrant
	}
	var sess *models.Session
	err = db.Transaction(func(tx *store.Connection) error {
		var terr error
		sess, terr = models.IssueSession(tx, *grant.UserID)
		if terr != nil {
			return terr
		}
		if terr := tx.Destroy(grant); terr != nil { // want `check-then-delete on oauth_grants: the row found at oauth.go:\d+ \(by models.FindGrantByCode\) is consumed by a DELETE that ignores rows affected`
			return terr
		}
		return nil
	})
	return sess, err
}

// Consent re-reads the grant in the transaction without a lock: two
// requests both see it pending and both approve it (two codes minted), or
// one approves and one denies.
func (s *Server) Consent(db *store.Connection, id int64, approve bool) error {
	return db.Transaction(func(tx *store.Connection) error {
		grant, err := models.FindGrantByID(tx, id)
		if err != nil {
			return err
		}
		if grant.Status != models.GrantPending {
			return ErrNotPending
		}
		if approve {
			return grant.Approve(tx) // want `check-then-update on oauth_grants\(status\): the check at oauth.go:\d+ of the value read at oauth.go:\d+ \(by models.FindGrantByID\) is not in the WHERE of the update by models.Grant.Approve`
		}
		return grant.Deny(tx) // ok: the same check, reported once (at Approve)
	})
}

// ---- silent ----

// ExchangeLocked is the fix: the grant is locked and re-read in the
// transaction, so the second request finds it gone and fails.
func (s *Server) ExchangeLocked(db *store.Connection, code string) (*models.Session, error) {
	grant, err := models.FindGrantByCode(db, code)
	if err != nil {
		if models.IsNotFoundError(err) {
			return nil, ErrInvalidGrant
		}
		return nil, err
	}
	if grant.Expired() || grant.UserID == nil {
		return nil, ErrInvalidGrant
	}
	var sess *models.Session
	err = db.Transaction(func(tx *store.Connection) error {
		if _, terr := models.FindGrantByIDForUpdate(tx, grant.ID); terr != nil {
			if models.IsNotFoundError(terr) {
				return ErrInvalidGrant
			}
			return terr
		}
		var terr error
		sess, terr = models.IssueSession(tx, *grant.UserID)
		if terr != nil {
			return terr
		}
		if terr := tx.Destroy(grant); terr != nil { // ok: the row lock makes the lookup stable
			return terr
		}
		return nil
	})
	return sess, err
}

// ExchangeCounted rolls the session back when the delete matched no row.
func (s *Server) ExchangeCounted(db *store.Connection, code string) (*models.Session, error) {
	grant, err := models.FindGrantByCode(db, code)
	if err != nil {
		if models.IsNotFoundError(err) {
			return nil, ErrInvalidGrant
		}
		return nil, err
	}
	if grant.UserID == nil {
		return nil, ErrInvalidGrant
	}
	var sess *models.Session
	err = db.Transaction(func(tx *store.Connection) error {
		var terr error
		sess, terr = models.IssueSession(tx, *grant.UserID)
		if terr != nil {
			return terr
		}
		n, terr := tx.RawQuery("DELETE FROM oauth_grants WHERE id = ?", grant.ID).ExecWithCount() // ok: 0 rows rolls the session back
		if terr != nil {
			return terr
		}
		if n != 1 {
			return ErrInvalidGrant
		}
		return nil
	})
	return sess, err
}

// ConsentLocked is the fix: the grant's row is locked before its status
// is checked.
func (s *Server) ConsentLocked(db *store.Connection, id int64, approve bool) error {
	return db.Transaction(func(tx *store.Connection) error {
		grant, err := models.FindGrantByIDForUpdate(tx, id)
		if err != nil {
			return err
		}
		if grant.Status != models.GrantPending {
			return ErrNotPending
		}
		if approve {
			return grant.Approve(tx) // ok: FOR UPDATE holds the row
		}
		return grant.Deny(tx) // ok: FOR UPDATE holds the row
	})
}

// Rotate re-approves only when it asked for the row lock, which the
// lookup takes before reading.
func (s *Server) Rotate(tx *store.Connection, id int64, forUpdate bool) error {
	grant, err := models.FindGrantForSwap(tx, id, forUpdate)
	if err != nil {
		return err
	}
	if grant.Status != models.GrantPending {
		return ErrNotPending
	}
	if forUpdate {
		return grant.Approve(tx) // ok: the lookup locks the row
	}
	return nil
}

// redeemable deletes a grant left without a user, then refuses the
// request: nothing is granted on that path.
func (s *Server) redeemable(db *store.Connection, code string) (*models.Grant, error) {
	grant, err := models.FindGrantByCode(db, code)
	if err != nil {
		return nil, err
	}
	if grant.UserID == nil {
		if err := db.Destroy(grant); err != nil { // ok: cleanup before an error
			return nil, err
		}
		return nil, ErrInvalidGrant
	}
	return grant, nil
}

// ExchangeValid issues a session for a grant redeemable returned.
func (s *Server) ExchangeValid(db *store.Connection, code string) (*models.Session, error) {
	grant, err := s.redeemable(db, code)
	if err != nil {
		return nil, err
	}
	return models.IssueSession(db, *grant.UserID)
}

// Link removes the grant of a decision whose lookup's absence Decide
// handled itself: Decide's error is no "not found", so its test decides
// nothing about the row.
func (s *Server) Link(db *store.Connection, code string, id int64) error {
	if _, err := models.Decide(db, code); err != nil {
		return err
	}
	if err := db.RawQuery("DELETE FROM oauth_grants WHERE id = ?", id).Exec(); err != nil { // ok: no lookup of this row decides it
		return err
	}
	_, err := models.IssueSession(db, id)
	return err
}
