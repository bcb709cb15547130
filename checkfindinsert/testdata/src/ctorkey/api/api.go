// Package api enrolls and invites members. The request's parameters build
// the member through a method (JoinParams.ToMember) that picks the
// constructor call by channel; the member is looked up before, outside the
// transaction, and stored inside it.
package api

import (
	"errors"
	"net/http"

	"github.com/gobuffalo/pop/v6"

	"ctorkey/models"
)

var ErrTaken = errors.New("member exists")

type API struct{ db *pop.Connection }

type JoinParams struct {
	Email   string
	Mobile  string
	Secret  string
	Realm   string
	Channel string
	Inviter string
	Extra   map[string]string
}

// ToMember builds the member the parameters describe.
func (p *JoinParams) ToMember(robot bool) (m *models.Member, err error) {
	switch p.Channel {
	case "email":
		m, err = models.NewMember("", p.Email, p.Secret, p.Realm, p.Extra)
	case "mobile":
		m, err = models.NewMember(p.Mobile, "", p.Secret, p.Realm, p.Extra)
	default:
		m, err = models.NewMember("", p.Email, p.Secret, p.Realm, p.Extra)
	}
	if err != nil {
		return nil, err
	}
	m.Robot = robot
	return m, nil
}

// store creates the member in a transaction of its own and reloads it.
func (a *API) store(conn *pop.Connection, m *models.Member) (*models.Member, error) {
	err := conn.Transaction(func(tx *pop.Connection) error {
		return tx.Create(m)
	})
	if err != nil {
		return nil, err
	}
	if err := conn.Reload(m); err != nil {
		return nil, err
	}
	return m, nil
}

// storeOnce inserts the member unless one with the address exists.
func (a *API) storeOnce(conn *pop.Connection, m *models.Member) error {
	return conn.RawQuery("INSERT INTO members (realm, email, mobile, secret) VALUES (?, ?, ?, ?) ON CONFLICT (realm, email) DO NOTHING", m.Realm, m.Email, m.Mobile, m.Secret).Exec()
}

func realmOf(r *http.Request) string { return r.Header.Get("X-Realm") }

// Invite looks the invitee up, builds the member from parameters made on
// the spot when none exists, and stores it in the transaction: two
// invitations of one address at once both store a member.
func (a *API) Invite(w http.ResponseWriter, r *http.Request) error {
	email := r.FormValue("email")
	realm := realmOf(r)
	m, err := models.FindByEmail(a.db, email, realm)
	if err != nil && !models.IsNotFound(err) {
		return err
	}
	isNew := m == nil
	if isNew {
		params := JoinParams{Email: email, Realm: realm, Channel: "email"}
		m, err = params.ToMember(false)
		if err != nil {
			return err
		}
	}
	return a.db.Transaction(func(tx *pop.Connection) error {
		if !isNew {
			return ErrTaken
		}
		var terr error
		m, terr = a.store(tx, m) // want `check-then-insert on members\(email, realm, robot\)`
		return terr
	})
}

// Join decodes the parameters, looks the member up by its number, and
// builds the new member before the transaction (hashing is slow).
func (a *API) Join(w http.ResponseWriter, r *http.Request) error {
	params := &JoinParams{Mobile: r.FormValue("mobile"), Secret: r.FormValue("secret"), Channel: "mobile"}
	params.Realm = realmOf(r)
	m, err := models.FindByMobile(a.db, params.Mobile, params.Realm)
	if err != nil && !models.IsNotFound(err) {
		return err
	}
	var fresh *models.Member
	if m == nil {
		fresh, err = params.ToMember(false)
		if err != nil {
			return err
		}
	}
	return a.db.Transaction(func(tx *pop.Connection) error {
		var terr error
		if m != nil {
			return ErrTaken
		}
		m, terr = a.store(tx, fresh) // want `check-then-insert on members\(mobile, realm, robot\)`
		return terr
	})
}

// Enroll looks the member up by the channel's key, then stores the member
// the parameters build, in the transaction, when none was found.
func (a *API) Enroll(w http.ResponseWriter, r *http.Request) error {
	params := &JoinParams{Email: r.FormValue("email"), Mobile: r.FormValue("mobile"), Channel: r.FormValue("channel")}
	params.Realm = realmOf(r)
	var m *models.Member
	var err error
	switch params.Channel {
	case "email":
		m, err = models.Duplicate(a.db, params.Email, params.Realm)
	case "mobile":
		m, err = models.FindByMobile(a.db, params.Mobile, params.Realm)
	default:
		return ErrTaken
	}
	if err != nil && !models.IsNotFound(err) {
		return err
	}
	var fresh *models.Member
	if m == nil {
		fresh, err = params.ToMember(false)
		if err != nil {
			return err
		}
	}
	return a.db.Transaction(func(tx *pop.Connection) error {
		var terr error
		if m != nil {
			return ErrTaken
		} else {
			m, terr = a.store(tx, fresh) // want `check-then-insert on members\((email|mobile), realm, robot\)`
			if terr != nil {
				return terr
			}
		}
		return nil
	})
}

// Create checks the address through the links as well, then builds the
// member with the constructor the request calls for: the insert's address
// is the one looked up, whichever constructor built it.
func (a *API) Create(w http.ResponseWriter, r *http.Request) error {
	email, realm := r.FormValue("email"), realmOf(r)
	if m, err := models.Linked(a.db, email, realm); err != nil {
		return err
	} else if m != nil {
		return ErrTaken
	}
	var m *models.Member
	var err error
	if hash := r.FormValue("hash"); hash != "" {
		m, err = models.NewMemberHashed("", email, hash, realm)
	} else {
		m, err = models.NewMember("", email, r.FormValue("secret"), realm, nil)
	}
	if err != nil {
		return err
	}
	return a.db.Transaction(func(tx *pop.Connection) error {
		return tx.Create(m) // want `check-then-insert on members\(email, realm, robot\)`
	})
}

// ---- silent ----

// Refer looks up the inviter's address but builds the member from the
// invitee's: the lookup is of another key.
func (a *API) Refer(w http.ResponseWriter, r *http.Request) error {
	params := &JoinParams{Email: r.FormValue("email"), Inviter: r.FormValue("inviter"), Channel: "email"}
	params.Realm = realmOf(r)
	inviter, err := models.FindByEmail(a.db, params.Inviter, params.Realm)
	if err != nil && !models.IsNotFound(err) {
		return err
	}
	if inviter == nil {
		return ErrTaken
	}
	m, err := params.ToMember(false)
	if err != nil {
		return err
	}
	return a.db.Transaction(func(tx *pop.Connection) error {
		_, terr := a.store(tx, m) // ok: the lookup was of the inviter's address
		return terr
	})
}

// InviteOnce stores the member with ON CONFLICT DO NOTHING: the second
// invitation's insert does nothing.
func (a *API) InviteOnce(w http.ResponseWriter, r *http.Request) error {
	email := r.FormValue("email")
	realm := realmOf(r)
	m, err := models.FindByEmail(a.db, email, realm)
	if err != nil && !models.IsNotFound(err) {
		return err
	}
	if m != nil {
		return ErrTaken
	}
	params := JoinParams{Email: email, Realm: realm, Channel: "email"}
	m, err = params.ToMember(false)
	if err != nil {
		return err
	}
	return a.db.Transaction(func(tx *pop.Connection) error {
		return a.storeOnce(tx, m) // ok: ON CONFLICT
	})
}

// JoinLocked takes an advisory lock on the number before it looks the
// member up in the transaction: the second request waits, then finds it.
func (a *API) JoinLocked(w http.ResponseWriter, r *http.Request) error {
	params := &JoinParams{Mobile: r.FormValue("mobile"), Channel: "mobile"}
	params.Realm = realmOf(r)
	fresh, err := params.ToMember(false)
	if err != nil {
		return err
	}
	return a.db.Transaction(func(tx *pop.Connection) error {
		if err := tx.RawQuery("SELECT pg_advisory_xact_lock(hashtext(?))", params.Mobile).Exec(); err != nil {
			return err
		}
		m, err := models.FindByMobile(tx, params.Mobile, params.Realm)
		if err != nil && !models.IsNotFound(err) {
			return err
		}
		if m != nil {
			return ErrTaken
		}
		_, err = a.store(tx, fresh) // ok: looked up under the advisory lock
		return err
	})
}

// Adopt creates a member unless a link of the address names one: the
// lookup by the link's member id is not of the new member's key.
func (a *API) Adopt(w http.ResponseWriter, r *http.Request) error {
	email, realm := r.FormValue("email"), realmOf(r)
	if m, err := models.LinkedMember(a.db, email, realm); err != nil {
		return err
	} else if m != nil {
		return ErrTaken
	}
	m, err := models.NewMember("", email, "", realm, nil)
	if err != nil {
		return err
	}
	return a.db.Transaction(func(tx *pop.Connection) error {
		return tx.Create(m) // ok: no lookup of the address in members
	})
}
