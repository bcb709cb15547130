// Package api signs accounts up and invites them: the lookup runs on the
// pool, the insert in a transaction callback that the lookup's outcome,
// captured by the closure, decides.
package api

import (
	"errors"
	"net/http"

	"github.com/gobuffalo/pop/v6"

	"txdecide/models"
)

var ErrExists = errors.New("account exists")

type API struct{ db *pop.Connection }

// create stores the account in a transaction of its own.
func (a *API) create(conn *pop.Connection, acc *models.Account) (*models.Account, error) {
	err := conn.Transaction(func(tx *pop.Connection) error {
		return tx.Create(acc)
	})
	if err != nil {
		return nil, err
	}
	return acc, nil
}

// Invite decides "create" from the lookup before the transaction and
// creates inside it: two invitations of one email at once both create.
func (a *API) Invite(w http.ResponseWriter, r *http.Request) error {
	email, aud := r.FormValue("email"), r.FormValue("aud")
	acc, err := models.FindByEmail(a.db, email, aud)
	if err != nil && !models.IsMissing(err) {
		return err
	}
	isCreate := acc == nil
	if isCreate {
		acc = models.NewAccount(email, aud, "")
	}
	return a.db.Transaction(func(tx *pop.Connection) error {
		if !isCreate {
			return ErrExists
		}
		acc, err = a.create(tx, acc) // want `check-then-insert on accounts\(email, audience\)`
		if err != nil {
			return err
		}
		return tx.Create(&models.Invitation{AccountID: acc.ID, Email: acc.Email})
	})
}

// SignUp tests the captured row itself inside the callback.
func (a *API) SignUp(w http.ResponseWriter, r *http.Request) error {
	email, aud := r.FormValue("email"), r.FormValue("aud")
	var acc *models.Account
	var err error
	acc, err = models.FindByEmail(a.db, email, aud)
	if err != nil && !models.IsMissing(err) {
		return err
	}
	var fresh *models.Account
	if acc == nil {
		fresh = models.NewAccount(email, aud, r.FormValue("name")) // built outside: hashing is slow
	}
	return a.db.Transaction(func(tx *pop.Connection) error {
		var terr error
		if acc != nil {
			return ErrExists
		} else {
			acc, terr = a.create(tx, fresh) // want `check-then-insert on accounts\(email, audience\)`
			if terr != nil {
				return terr
			}
		}
		return nil
	})
}

// Join decides outside the callback and inserts inside it.
func (a *API) Join(w http.ResponseWriter, r *http.Request) error {
	email, aud := r.FormValue("email"), r.FormValue("aud")
	acc, err := models.FindByEmail(a.db, email, aud)
	if err != nil && !models.IsMissing(err) {
		return err
	}
	if acc != nil {
		return ErrExists
	}
	return a.db.Transaction(func(tx *pop.Connection) error {
		return tx.Create(&models.Account{Email: email, Audience: aud}) // want `check-then-insert on accounts\(email, audience\)`
	})
}

// ---- silent ----

// The callback looks the account up again under an advisory lock on the
// email: the second request waits and then finds the first one's row.
func (a *API) InviteLocked(w http.ResponseWriter, r *http.Request) error {
	email, aud := r.FormValue("email"), r.FormValue("aud")
	acc, err := models.FindByEmail(a.db, email, aud)
	if err != nil && !models.IsMissing(err) {
		return err
	}
	isCreate := acc == nil
	return a.db.Transaction(func(tx *pop.Connection) error {
		if !isCreate {
			return ErrExists
		}
		if err := tx.RawQuery("SELECT pg_advisory_xact_lock(hashtext(?))", email).Exec(); err != nil {
			return err
		}
		again, err := models.FindByEmail(tx, email, aud)
		if err == nil && again != nil {
			return ErrExists
		}
		_, err = a.create(tx, models.NewAccount(email, aud, "")) // ok: looked up again under the advisory lock
		return err
	})
}

// The captured flag is not the lookup's outcome.
func (a *API) InviteAdmin(w http.ResponseWriter, r *http.Request, admin bool) error {
	email, aud := r.FormValue("email"), r.FormValue("aud")
	if _, err := models.FindByEmail(a.db, email, aud); err != nil && !models.IsMissing(err) {
		return err
	}
	return a.db.Transaction(func(tx *pop.Connection) error {
		if !admin {
			return ErrExists
		}
		_, err := a.create(tx, models.NewAccount(email, aud, "")) // ok: the branch tests a parameter, not the lookup
		return err
	})
}

// The lookup decides an insert of another table's row.
func (a *API) Remind(w http.ResponseWriter, r *http.Request) error {
	email, aud := r.FormValue("email"), r.FormValue("aud")
	acc, err := models.FindByEmail(a.db, email, aud)
	if err != nil {
		return err
	}
	found := acc != nil
	return a.db.Transaction(func(tx *pop.Connection) error {
		if !found {
			return nil
		}
		return tx.Create(&models.Invitation{AccountID: acc.ID, Email: acc.Email}) // ok: invitations are not looked up
	})
}

// The callback inserts with ON CONFLICT DO NOTHING: the second request's
// insert does nothing.
func (a *API) JoinOnce(w http.ResponseWriter, r *http.Request) error {
	email, aud := r.FormValue("email"), r.FormValue("aud")
	acc, err := models.FindByEmail(a.db, email, aud)
	if err != nil && !models.IsMissing(err) {
		return err
	}
	if acc != nil {
		return ErrExists
	}
	return a.db.Transaction(func(tx *pop.Connection) error {
		return tx.RawQuery("INSERT INTO accounts (email, audience) VALUES (?, ?) ON CONFLICT (email, audience) DO NOTHING", email, aud).Exec() // ok: ON CONFLICT
	})
}

// The callback runs whether or not the lookup found the account: the
// lookup decides nothing.
func (a *API) Touch(w http.ResponseWriter, r *http.Request) error {
	email, aud := r.FormValue("email"), r.FormValue("aud")
	if _, err := models.FindByEmail(a.db, email, aud); err != nil && !models.IsMissing(err) {
		return err
	}
	return a.db.Transaction(func(tx *pop.Connection) error {
		return tx.Create(&models.Account{Email: email, Audience: aud}) // ok: not decided by the lookup
	})
}

// Lock looks the account up FOR UPDATE inside the callback: when none
// exists the lock holds nothing, and both requests create it.
func (a *API) Lock(w http.ResponseWriter, r *http.Request) error {
	email, aud := r.FormValue("email"), r.FormValue("aud")
	return a.db.Transaction(func(tx *pop.Connection) error {
		acc, err := models.LockByEmail(tx, email, aud)
		if err != nil && !models.IsMissing(err) {
			return err
		}
		if acc != nil {
			return ErrExists
		}
		return tx.Create(&models.Account{Email: email, Audience: aud}) // want `check-then-insert on accounts\(email, audience\): the lookup's row lock \(FOR UPDATE\) locks no row when none matches`
	})
}

// Relock looks the account up on the pool, then locks it by the same key
// in the callback before creating it: the lock, again, holds no row.
func (a *API) Relock(w http.ResponseWriter, r *http.Request) error {
	email, aud := r.FormValue("email"), r.FormValue("aud")
	return a.db.Transaction(func(tx *pop.Connection) error {
		acc, err := models.FindByEmail(tx, email, aud)
		if err != nil && !models.IsMissing(err) {
			return err
		}
		if acc != nil {
			return ErrExists
		}
		if _, err := models.LockByEmail(tx, email, aud); err != nil && !models.IsMissing(err) {
			return err
		}
		return tx.Create(&models.Account{Email: email, Audience: aud}) // want `check-then-insert on accounts\(email, audience\): the row lock at api.go:\d+ \(FOR UPDATE\) locks no row when none matches`
	})
}
