package zdbq

import (
	"context"
	"errors"

	"zgo.at/zdb"
)

var ErrTaken = errors.New("code taken")

// CreateSite looks the code up on the context's database, then inserts.
func CreateSite(ctx context.Context, code string) error {
	var id int64
	err := zdb.Get(ctx, &id, `select site_id from sites where code = ?`, code)
	if err == nil {
		return ErrTaken
	}
	if !zdb.ErrNoRows(err) {
		return err
	}
	return zdb.Exec(ctx, `insert into sites (code) values (?)`, code) // want `check-then-insert on sites\(code\)`
}

// ---- silent ----

// CreateSiteHandled lets the unique index decide and reports its
// violation.
func CreateSiteHandled(ctx context.Context, code string) error {
	var id int64
	if err := zdb.Get(ctx, &id, `select site_id from sites where code = ?`, code); err == nil {
		return ErrTaken
	}
	err := zdb.Exec(ctx, `insert into sites (code) values (?)`, code) // ok: zdb.ErrUnique handles the violation
	if zdb.ErrUnique(err) {
		return ErrTaken
	}
	return err
}

// CreateSiteLocked holds the account's row for the transaction, in the
// callback's context.
func CreateSiteLocked(ctx context.Context, account int64, code string) error {
	return zdb.TX(ctx, func(ctx context.Context) error {
		var p int64
		if err := zdb.Get(ctx, &p, `select id from accounts where id = ? for update`, account); err != nil {
			return err
		}
		var id int64
		if err := zdb.Get(ctx, &id, `select site_id from sites where code = ?`, code); err == nil {
			return ErrTaken
		}
		return zdb.Exec(ctx, `insert into sites (code, account_id) values (?, ?)`, code, account) // ok: the account row is locked first
	})
}

type User struct {
	ID    int64  `db:"user_id,id"`
	Email string `db:"email"`
}

func (User) Table() string { return "users" }

// Signup inserts the model after finding no user by its email.
func Signup(ctx context.Context, email string) error {
	var n int64
	if err := zdb.Get(ctx, &n, `select user_id from users where email = ?`, email); err == nil {
		return ErrTaken
	}
	u := User{Email: email}
	return zdb.Insert(ctx, &u) // want `check-then-insert on users\(email\)`
}

// SignupOnce gives the model's insert a conflict clause.
func SignupOnce(ctx context.Context, email string) error {
	var n int64
	if err := zdb.Get(ctx, &n, `select user_id from users where email = ?`, email); err == nil {
		return ErrTaken
	}
	u := User{Email: email}
	return zdb.Insert(ctx, &u, "on conflict (email) do nothing") // ok: ON CONFLICT
}
