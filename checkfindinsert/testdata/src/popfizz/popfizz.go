// Package popfizz checks inserts against a pop application's fizz
// migrations (migrations/*.up.fizz): the unique indexes fizz creates
// (t.Index and add_index with "unique": true) back a key, a column's own
// {"unique": true} option does not (fizz makes no index of it).
package popfizz

import (
	"database/sql"
	"errors"

	"github.com/gobuffalo/pop/v6"
	"github.com/lib/pq"
)

type Passkey struct {
	ID         string `db:"id"`
	UserID     string `db:"user_id"`
	Name       string `db:"name"`
	Credential string `db:"credential"`
}

type Token struct {
	ID     string `db:"id"`
	UserID string `db:"user_id"`
	Value  string `db:"value"`
}

// UserMetadata's table is user_metadata: pop's flect keeps a Latin plural.
type UserMetadata struct {
	ID     string `db:"id"`
	UserID string `db:"user_id"`
	Public string `db:"public"`
}

var ErrTaken = errors.New("taken")

// t.Index("credential", {"unique": true}) rejects the second insert, which
// fails unhandled.
func AddPasskey(c *pop.Connection, user, credential string) error {
	exists, err := c.Where("credential = ?", credential).Exists(&Passkey{})
	if err != nil || exists {
		return err
	}
	return c.Create(&Passkey{UserID: user, Credential: credential}) // want `check-then-insert on passkeys\(credential\): the UNIQUE constraint passkeys_credential_idx rejects a concurrent duplicate, but this insert does not handle the violation`
}

// The add_index of the later migration backs (user_id, name).
func NamePasskey(c *pop.Connection, user, name, credential string) error {
	exists, err := c.Where("user_id = ? AND name = ?", user, name).Exists(&Passkey{})
	if err != nil || exists {
		return err
	}
	return c.Create(&Passkey{UserID: user, Name: name, Credential: credential}) // want `check-then-insert on passkeys\(user_id, name\): the UNIQUE constraint passkeys_user_name_key rejects`
}

// tokens.value has only the column option: no index, duplicates go in.
func IssueToken(c *pop.Connection, user, value string) error {
	exists, err := c.Where("value = ?", value).Exists(&Token{})
	if err != nil || exists {
		return err
	}
	return c.Create(&Token{UserID: user, Value: value}) // want `check-then-insert on tokens\(value\): no UNIQUE constraint covers the key, so concurrent requests insert duplicates`
}

// Created on first read: two first reads both create, and the second
// fails on user_metadata_user_id_idx.
func Metadata(c *pop.Connection, user string) (*UserMetadata, error) {
	m := &UserMetadata{}
	err := c.Where("user_id = ?", user).First(m)
	if errors.Is(err, sql.ErrNoRows) {
		m = &UserMetadata{UserID: user}
		return m, c.Create(m) // want `check-then-insert on user_metadata\(user_id\): the UNIQUE constraint user_metadata_user_id_idx rejects a concurrent duplicate`
	}
	return m, err
}

// ---- silent ----

// The unique index rejects the duplicate and the violation is handled.
func AddPasskeyHandled(c *pop.Connection, user, credential string) error {
	exists, err := c.Where("credential = ?", credential).Exists(&Passkey{})
	if err != nil || exists {
		return err
	}
	err = c.Create(&Passkey{UserID: user, Credential: credential}) // ok: passkeys_credential_idx, 23505 handled
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code == "23505" {
		return ErrTaken
	}
	return err
}
