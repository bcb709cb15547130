// Package popclosure signs users in over pop: fields set in Go before a
// transaction whose body writes them, through the application's
// UpdateOnly wrapper.
package popclosure

import (
	"time"

	"staleguard/popauth/store"
)

type User struct {
	ID           int64      `db:"id"`
	Email        string     `db:"email"`
	LastSignInAt *time.Time `db:"last_sign_in_at"`
	UpdatedAt    time.Time  `db:"updated_at"`
}

func (User) TableName() string { return "users" }

type Token struct {
	ID        int64     `db:"id"`
	UserID    int64     `db:"user_id"`
	Revoked   bool      `db:"revoked"`
	UpdatedAt time.Time `db:"updated_at"`
}

func (Token) TableName() string { return "tokens" }

func findUser(db *store.Connection, id int64) (*User, error) {
	u := &User{}
	err := db.Find(u, id)
	return u, err
}

func findToken(db *store.Connection, id int64) (*Token, error) {
	t := &Token{}
	err := db.Find(t, id)
	return t, err
}

func (u *User) UpdateLastSignInAt(tx *store.Connection) error {
	return tx.UpdateOnly(u, "last_sign_in_at")
}

// Issue stamps the sign-in time, then writes it in the transaction.
func Issue(db *store.Connection, u *User) error {
	now := time.Now()
	u.LastSignInAt = &now
	return db.Transaction(func(tx *store.Connection) error {
		if err := tx.Create(&Token{UserID: u.ID}); err != nil {
			return err
		}
		return u.UpdateLastSignInAt(tx)
	})
}

// Touch writes back the sign-in time it read: a concurrent sign-in's
// time is reverted.
func Touch(db *store.Connection, id int64) error {
	u, err := findUser(db, id)
	if err != nil {
		return err
	}
	return u.UpdateLastSignInAt(db) // want `stale row written back on users\(last_sign_in_at\)`
}

// RevokeAll revokes every token of a user.
func RevokeAll(db *store.Connection, user int64) error {
	return db.RawQuery("UPDATE tokens SET revoked = true WHERE user_id = ?", user).Exec()
}

// Revoke sets the flag inside the transaction's body, then writes it.
func Revoke(db *store.Connection, t *Token) error {
	return db.Transaction(func(tx *store.Connection) error {
		t.Revoked = true
		return tx.UpdateOnly(t, "revoked")
	})
}

// ---- silent ----

// SignIn writes the time Issue set, not the one it read.
func SignIn(db *store.Connection, id int64) error {
	u, err := findUser(db, id)
	if err != nil {
		return err
	}
	return Issue(db, u) // ok: last_sign_in_at is this request's
}

// RevokeOne writes the flag Revoke set.
func RevokeOne(db *store.Connection, id int64) error {
	t, err := findToken(db, id)
	if err != nil {
		return err
	}
	return Revoke(db, t) // ok: revoked is set by Revoke
}
