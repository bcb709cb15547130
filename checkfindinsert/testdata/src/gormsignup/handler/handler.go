// Package handler signs users up on their first login through the forge.
package handler

import (
	"errors"
	"net/http"

	"gormsignup/model"
)

var ErrTaken = errors.New("login taken")

// ForgeCallback makes an account on the first login: two callbacks of one
// login at once (a double click, a retried redirect) both find none and
// both create one.
func ForgeCallback(w http.ResponseWriter, r *http.Request) {
	login := r.URL.Query().Get("login")
	acct := model.Account{Forge: login}
	if model.ForgeLoginTaken(acct.Forge) {
		w.WriteHeader(http.StatusOK)
		return
	}
	acct.Login = "forge_" + login
	acct.Display = r.URL.Query().Get("name")
	if err := acct.Create(); err != nil { // want `check-then-insert on accounts\(forge_login\)`
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// ChatCallback looks the login up by the value the literal holds.
func ChatCallback(w http.ResponseWriter, r *http.Request) {
	login := r.URL.Query().Get("login")
	acct := model.Account{Forge: login}
	if model.ForgeLoginTaken(login) {
		w.WriteHeader(http.StatusOK)
		return
	}
	acct.Login = "chat_" + login
	if err := acct.Create(); err != nil { // want `check-then-insert on accounts\(forge_login\)`
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// Register checks the login, then stores the account the form filled in.
func Register(w http.ResponseWriter, r *http.Request) {
	acct := &model.Account{Login: r.FormValue("login"), Display: r.FormValue("name")}
	if model.LoginTaken(acct.Login) {
		w.WriteHeader(http.StatusConflict)
		return
	}
	if err := acct.Create(); err != nil { // want `check-then-insert on accounts\(login\)`
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// Claim gives a display name to the first to ask for it; the lookup is a
// where fragment handed to a helper.
func Claim(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	if taken, _ := model.ByDisplay(name); taken != nil {
		w.WriteHeader(http.StatusConflict)
		return
	}
	acct := &model.Account{Display: name}
	if err := acct.Create(); err != nil { // want `check-then-insert on accounts\(display\)`
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
}

// ClaimErr tests the helper's error: gorm's not-found passed through
// beside the nil row.
func ClaimErr(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	if _, err := model.ByDisplay(name); err == nil {
		w.WriteHeader(http.StatusConflict)
		return
	}
	acct := &model.Account{Display: name}
	if err := acct.Create(); err != nil { // want `check-then-insert on accounts\(display\)`
		w.WriteHeader(http.StatusInternalServerError)
	}
}

// ---- silent ----

// The right fix: one statement decides and creates (a unique index on
// forge_login and ON CONFLICT DO NOTHING).
func ForgeCallbackOnce(w http.ResponseWriter, r *http.Request) {
	acct := model.Account{Forge: r.URL.Query().Get("login")}
	if _, err := acct.CreateOnce(); err != nil { // ok: ON CONFLICT DO NOTHING
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// A look-alike: the lookup is of another login than the one stored.
func Invite(w http.ResponseWriter, r *http.Request) {
	if !model.LoginTaken(r.FormValue("inviter")) {
		w.WriteHeader(http.StatusForbidden)
		return
	}
	acct := &model.Account{Login: r.FormValue("login")}
	if err := acct.Create(); err != nil { // ok: the inviter is looked up, the invitee stored
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}
