// Package api signs members up by phone.
package api

import (
	"errors"
	"net/http"

	"github.com/gobuffalo/pop/v6"

	"popfrag/models"
)

var ErrExists = errors.New("member exists")

type API struct{ db *pop.Connection }

func (a *API) create(conn *pop.Connection, m *models.Member) (*models.Member, error) {
	err := conn.Transaction(func(tx *pop.Connection) error {
		return tx.Create(m)
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// SignUp looks the phone up, then creates the member in a transaction of
// its own: two sign-ups of one phone at once both find none.
func (a *API) SignUp(w http.ResponseWriter, r *http.Request) error {
	phone, kind := r.FormValue("phone"), r.FormValue("kind")
	m, err := models.FindByPhone(a.db, phone, kind)
	if err != nil && !models.IsNotFound(err) {
		return err
	}
	if m != nil {
		return ErrExists
	}
	m = models.NewMember(phone, "", kind)
	if _, err := a.create(a.db, m); err != nil { // want `check-then-insert on members\(phone, kind\)`
		return err
	}
	w.WriteHeader(http.StatusCreated)
	return nil
}

// ---- silent ----

// A look-alike: the lookup is by the inviter's id, the member created is
// another row.
func (a *API) Invite(w http.ResponseWriter, r *http.Request, inviter int) error {
	if _, err := models.FindByID(a.db, inviter); err != nil {
		return err
	}
	m := models.NewMember(r.FormValue("phone"), "", "guest")
	if _, err := a.create(a.db, m); err != nil { // ok: the inviter was looked up, not the phone
		return err
	}
	return nil
}
