// Package popq holds check-then-insert races written with pop, in the
// shape of Buffalo resource actions and of repositories over a
// *pop.Connection.
package popq

import (
	"database/sql"
	"errors"
	"net/http"

	"github.com/gobuffalo/buffalo"
	"github.com/gobuffalo/pop/v6"
	"github.com/lib/pq"
	pkgerrors "github.com/pkg/errors"
)

type Subscriber struct {
	ID     int    `db:"id"`
	Email  string `db:"email"`
	ListID int    `db:"list_id"`
}

type Invite struct {
	ID    int    `db:"id"`
	Code  string `db:"code"`
	Email string `db:"email"`
}

var ErrSubscribed = errors.New("already subscribed")

// SubscribersResource is a Buffalo resource.
type SubscribersResource struct{}

// Create runs in popmw's per-request transaction ("tx"): at READ
// COMMITTED two requests both see no row and both insert.
func (v SubscribersResource) Create(c buffalo.Context) error {
	tx := c.Value("tx").(*pop.Connection)
	email := c.Param("email")
	exists, err := tx.Where("email = ?", email).Exists(&Subscriber{})
	if err != nil {
		return err
	}
	if exists {
		return c.Error(http.StatusConflict, ErrSubscribed)
	}
	return tx.Create(&Subscriber{Email: email}) // want `check-then-insert on subscribers\(email\)`
}

// First's sql.ErrNoRows deciding the insert.
func Subscribe(db *pop.Connection, email string, list int) error {
	s := &Subscriber{}
	err := db.Where("email = ? AND list_id = ?", email, list).First(s)
	if err == nil {
		return ErrSubscribed
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	return db.Create(&Subscriber{Email: email, ListID: list}) // want `check-then-insert on subscribers\(email, list_id\)`
}

// pkg/errors' Cause, as pop's users test for no row: the insert runs
// only when the lookup found none.
func Enroll(db *pop.Connection, email string) error {
	var s Subscriber
	err := db.Where("email = ?", email).First(&s)
	if pkgerrors.Cause(err) == sql.ErrNoRows {
		return db.Create(&Subscriber{Email: email}) // want `check-then-insert on subscribers\(email\)`
	}
	return pkgerrors.Wrap(err, "finding subscriber")
}

// Count in a Transaction callback, then ValidateAndCreate.
func Issue(db *pop.Connection, code, email string) error {
	return db.Transaction(func(tx *pop.Connection) error {
		n, err := tx.Q().Where("code = ?", code).Count(&Invite{})
		if err != nil || n > 0 {
			return err
		}
		verrs, err := tx.ValidateAndCreate(&Invite{Code: code, Email: email}) // want `check-then-insert on invites\(code\)`
		if err != nil {
			return err
		}
		if verrs.HasAny() {
			return errors.New("invalid invite")
		}
		return nil
	})
}

// ---- silent ----

// The unique violation is handled: the second request gets
// ErrSubscribed.
func SubscribeHandled(db *pop.Connection, email string) error {
	exists, err := db.Where("email = ?", email).Exists(&Subscriber{})
	if err != nil || exists {
		return err
	}
	err = db.Create(&Subscriber{Email: email}) // ok: 23505 handled
	var pe *pq.Error
	if errors.As(err, &pe) && pe.Code == "23505" {
		return ErrSubscribed
	}
	return err
}

// An insert that cannot duplicate: ON CONFLICT DO NOTHING.
func SubscribeIdempotent(db *pop.Connection, email string) error {
	exists, err := db.Where("email = ?", email).Exists(&Subscriber{})
	if err != nil || exists {
		return err
	}
	return db.RawQuery("INSERT INTO subscribers (email) VALUES (?) ON CONFLICT (email) DO NOTHING", email).Exec() // ok: conflict clause
}

// The lookup is of the list's row, by ID: it decides nothing about the
// subscriber's key.
func Join(db *pop.Connection, list int, email string) error {
	var l Invite
	if err := db.Find(&l, list); err != nil {
		return err
	}
	return db.Create(&Subscriber{Email: email, ListID: list}) // ok: another table
}
