// Package models holds an OAuth server's authorization grants: a pending
// grant is approved (a code minted) or denied, and an approved grant's
// code is exchanged once for a session.
package models

import (
	"database/sql"
	"errors"
	"fmt"
	"time"

	pkgerrors "github.com/pkg/errors"

	"staleguard/popauth/store"
)

var errNotFound = errors.New("not found")

// GrantNotFoundError is returned when no grant matches.
type GrantNotFoundError struct{}

func (GrantNotFoundError) Error() string        { return "grant not found" }
func (GrantNotFoundError) Is(target error) bool { return target == errNotFound }

// IsNotFoundError reports whether err says the row is missing.
func IsNotFoundError(err error) bool { return errors.Is(err, errNotFound) }

const (
	GrantPending  = "pending"
	GrantApproved = "approved"
	GrantDenied   = "denied"
)

type Grant struct {
	ID         int64      `db:"id"`
	ClientID   int64      `db:"client_id"`
	UserID     *int64     `db:"user_id"`
	Code       *string    `db:"code"`
	Status     string     `db:"status"`
	ApprovedAt *time.Time `db:"approved_at"`
	ExpiresAt  time.Time  `db:"expires_at"`
	UpdatedAt  time.Time  `db:"updated_at"`
}

func (Grant) TableName() string { return "oauth_grants" }

func (g *Grant) Expired() bool { return time.Now().After(g.ExpiresAt) }

// FindGrantByID reads a grant without a lock.
func FindGrantByID(tx *store.Connection, id int64) (*Grant, error) {
	g := &Grant{}
	if err := tx.Q().Where("id = ?", id).First(g); err != nil {
		if pkgerrors.Cause(err) == sql.ErrNoRows {
			return nil, GrantNotFoundError{}
		}
		return nil, pkgerrors.Wrap(err, "error finding grant")
	}
	return g, nil
}

// FindGrantByIDForUpdate reads a grant and locks its row; skipped when
// another transaction holds it.
func FindGrantByIDForUpdate(tx *store.Connection, id int64) (*Grant, error) {
	g := &Grant{}
	if err := tx.RawQuery(fmt.Sprintf("SELECT * FROM %q WHERE id = ? LIMIT 1 FOR UPDATE SKIP LOCKED", g.TableName()), id).First(g); err != nil {
		if pkgerrors.Cause(err) == sql.ErrNoRows {
			return nil, GrantNotFoundError{}
		}
		return nil, pkgerrors.Wrap(err, "error finding grant")
	}
	return g, nil
}

// FindGrantByCode reads the approved grant a code was minted for.
func FindGrantByCode(tx *store.Connection, code string) (*Grant, error) {
	g := &Grant{}
	if err := tx.Q().Where("code = ? AND status = ?", code, GrantApproved).First(g); err != nil {
		if pkgerrors.Cause(err) == sql.ErrNoRows {
			return nil, GrantNotFoundError{}
		}
		return nil, pkgerrors.Wrap(err, "error finding grant by code")
	}
	return g, nil
}

// Approve mints the grant's code.
func (g *Grant) Approve(tx *store.Connection) error {
	if g.Status != GrantPending {
		return fmt.Errorf("grant is %s, not pending", g.Status)
	}
	now := time.Now()
	code := fmt.Sprint(now.UnixNano())
	g.Status = GrantApproved
	g.ApprovedAt = &now
	g.Code = &code
	return tx.UpdateOnly(g, "status", "approved_at", "code")
}

// Deny closes the grant.
func (g *Grant) Deny(tx *store.Connection) error {
	if g.Status != GrantPending {
		return fmt.Errorf("grant is %s, not pending", g.Status)
	}
	g.Status = GrantDenied
	return tx.UpdateOnly(g, "status")
}

type Session struct {
	ID     int64 `db:"id"`
	UserID int64 `db:"user_id"`
}

func (Session) TableName() string { return "sessions" }

// IssueSession creates a session for the user.
func IssueSession(tx *store.Connection, userID int64) (*Session, error) {
	s := &Session{UserID: userID}
	if err := tx.Create(s); err != nil {
		return nil, err
	}
	return s, nil
}

// FindGrantForSwap reads a grant, locking its row first when forUpdate
// is set; the second read loads it through the ORM.
func FindGrantForSwap(tx *store.Connection, id int64, forUpdate bool) (*Grant, error) {
	g := &Grant{}
	if forUpdate {
		if err := tx.RawQuery("SELECT * FROM oauth_grants WHERE id = ? FOR UPDATE SKIP LOCKED", id).First(g); err != nil {
			if pkgerrors.Cause(err) == sql.ErrNoRows {
				return nil, GrantNotFoundError{}
			}
			return nil, err
		}
	}
	if err := tx.Q().Where("id = ?", id).First(g); err != nil {
		if pkgerrors.Cause(err) == sql.ErrNoRows {
			return nil, GrantNotFoundError{}
		}
		return nil, err
	}
	return g, nil
}

// Decision says what an exchange should do.
type Decision struct {
	Grant *Grant
	New   bool
}

// Decide handles the grant's absence itself: its error is never "not
// found".
func Decide(tx *store.Connection, code string) (Decision, error) {
	if g, err := FindGrantByCode(tx, code); err == nil {
		return Decision{Grant: g}, nil
	} else if !IsNotFoundError(err) {
		return Decision{}, err
	}
	return Decision{New: true}, nil
}
