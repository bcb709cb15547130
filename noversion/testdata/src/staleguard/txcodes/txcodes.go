// Package txcodes exchanges one-time grant codes: the code is looked up
// before the transaction, and the session issued and the code destroyed
// inside its callback.
package txcodes

import (
	"database/sql"
	"errors"
	"log"

	"github.com/gobuffalo/pop/v6"
)

var ErrInvalid = errors.New("invalid grant")

// GrantNotFoundError is the error of a lookup that found no grant.
type GrantNotFoundError struct{}

func (GrantNotFoundError) Error() string { return "grant not found" }

type Grant struct {
	ID     int64  `db:"id"`
	Code   string `db:"code"`
	UserID int64  `db:"user_id"`
}

func (Grant) TableName() string { return "grants" }

type Session struct {
	ID     int64 `db:"id"`
	UserID int64 `db:"user_id"`
}

func (Session) TableName() string { return "sessions" }

func findGrant(tx *pop.Connection, code string) (*Grant, error) {
	g := &Grant{}
	if err := tx.Q().Where("code = ?", code).First(g); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, GrantNotFoundError{}
		}
		return nil, err
	}
	return g, nil
}

// Exchange finds the code, then issues the session and destroys the code in
// one transaction whose commit does not depend on the destroy having
// matched: two requests with one code both get a session.
func Exchange(db *pop.Connection, code string) (int64, error) {
	g, err := findGrant(db, code)
	if err != nil {
		return 0, ErrInvalid
	}
	var sid int64
	err = db.Transaction(func(tx *pop.Connection) error {
		s := &Session{UserID: g.UserID}
		if err := tx.Create(s); err != nil {
			return err
		}
		sid = s.ID
		return tx.Destroy(g) // want `check-then-delete on grants: .*`
	})
	return sid, err
}

// Redeem consumes the code by its own column inside a transaction helper
// of the application, after finding it outside.
func Redeem(db *pop.Connection, code string) error {
	g, err := findGrant(db, code)
	if err != nil {
		return ErrInvalid
	}
	return db.Transaction(func(tx *pop.Connection) error {
		if err := tx.Create(&Session{UserID: g.UserID}); err != nil {
			return err
		}
		return tx.RawQuery("DELETE FROM grants WHERE code = ?", code).Exec() // want `check-then-delete on grants: the row found at txcodes.go:\d+ \(by txcodes.findGrant\) is consumed by a DELETE that ignores rows affected`
	})
}

// ---- silent ----

func findGrantForUpdate(tx *pop.Connection, code string) (*Grant, error) {
	g := &Grant{}
	if err := tx.RawQuery("SELECT * FROM grants WHERE code = ? LIMIT 1 FOR UPDATE", code).First(g); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, GrantNotFoundError{}
		}
		return nil, err
	}
	return g, nil
}

// ExchangeLocked finds the code again under a row lock inside the
// transaction and destroys the row it locked: the second request waits,
// then finds nothing.
func ExchangeLocked(db *pop.Connection, code string) (int64, error) {
	g, err := findGrant(db, code)
	if err != nil {
		return 0, ErrInvalid
	}
	var sid int64
	err = db.Transaction(func(tx *pop.Connection) error {
		locked, err := findGrantForUpdate(tx, code)
		if err != nil {
			return ErrInvalid
		}
		s := &Session{UserID: g.UserID}
		if err := tx.Create(s); err != nil {
			return err
		}
		sid = s.ID
		return tx.Destroy(locked) // ok: the row is held
	})
	return sid, err
}

// RedeemChecked rolls the session back when the delete matched nothing.
func RedeemChecked(db *pop.Connection, code string) error {
	g, err := findGrant(db, code)
	if err != nil {
		return ErrInvalid
	}
	return db.Transaction(func(tx *pop.Connection) error {
		if err := tx.Create(&Session{UserID: g.UserID}); err != nil {
			return err
		}
		n, err := tx.RawQuery("DELETE FROM grants WHERE code = ?", code).ExecWithCount() // ok: 0 rows is refused
		if err != nil {
			return err
		}
		if n != 1 {
			return ErrInvalid
		}
		return nil
	})
}

// Revoke deletes a code whatever the lookup said: the delete is not
// decided by it.
func Revoke(db *pop.Connection, code string) error {
	if _, err := findGrant(db, code); err != nil {
		log.Printf("revoking unknown grant: %v", err)
	}
	return db.Transaction(func(tx *pop.Connection) error {
		if err := tx.Create(&Session{}); err != nil {
			return err
		}
		return tx.RawQuery("DELETE FROM grants WHERE code = ?", code).Exec() // ok: runs whether found or not
	})
}

// RenameThenDrop looks up another code than the one it deletes.
func RenameThenDrop(db *pop.Connection, code, other string) error {
	g, err := findGrant(db, code)
	if err != nil {
		return ErrInvalid
	}
	return db.Transaction(func(tx *pop.Connection) error {
		if err := tx.Create(&Session{UserID: g.UserID}); err != nil {
			return err
		}
		return tx.RawQuery("DELETE FROM grants WHERE code = ?", other).Exec() // ok: not the row found
	})
}

// Link finds the grant, then removes the user's other grants, loaded by a
// query of their own: the rows deleted are not the one found.
func Link(db *pop.Connection, code string) error {
	g, err := findGrant(db, code)
	if err != nil {
		return ErrInvalid
	}
	return db.Transaction(func(tx *pop.Connection) error {
		if err := tx.Create(&Session{UserID: g.UserID}); err != nil {
			return err
		}
		var others []Grant
		if err := tx.Where("user_id = ?", g.UserID).All(&others); err != nil {
			return err
		}
		for i := range others {
			if others[i].ID == g.ID {
				continue
			}
			if err := tx.Destroy(&others[i]); err != nil { // ok: other rows
				return err
			}
		}
		return nil
	})
}
