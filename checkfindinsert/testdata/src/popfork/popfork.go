// Package popfork holds check-then-insert races written with ory's fork
// of pop (github.com/ory/pop/v6), in the shape of an identity server's
// persister: every row scoped by the network id (nid), lookups inside
// Transaction callbacks.
package popfork

import (
	"database/sql"
	"errors"

	"github.com/ory/pop/v6"
)

type Address struct {
	ID       string `db:"id"`
	NID      string `db:"nid"`
	Value    string `db:"value"`
	Identity string `db:"identity_id"`
}

func (Address) TableName() string { return "identity_verifiable_addresses" }

var ErrTaken = errors.New("address already registered")

// The lookup's sql.ErrNoRows decides the insert: two registrations of one
// address both see none and both insert.
func AddAddress(c *pop.Connection, nid, value, identity string) error {
	return c.Transaction(func(tx *pop.Connection) error {
		var a Address
		err := tx.Where("nid = ? AND value = ?", nid, value).First(&a)
		if err == nil {
			return ErrTaken
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		return tx.Create(&Address{NID: nid, Value: value, Identity: identity}) // want `check-then-insert on identity_verifiable_addresses\(nid, value\)`
	})
}

// Exists deciding the insert.
func AddIfAbsent(c *pop.Connection, nid, value, identity string) error {
	found, err := c.Where("nid = ? AND value = ?", nid, value).Exists(&Address{})
	if err != nil || found {
		return err
	}
	return c.Create(&Address{NID: nid, Value: value, Identity: identity}) // want `check-then-insert on identity_verifiable_addresses\(nid, value\)`
}

// ---- silent ----

// The insert cannot duplicate: ON CONFLICT DO NOTHING, and the count says
// whether this request's row went in.
func AddIdempotent(c *pop.Connection, nid, value, identity string) (bool, error) {
	found, err := c.Where("nid = ? AND value = ?", nid, value).Exists(&Address{})
	if err != nil || found {
		return false, err
	}
	n, err := c.RawQuery("INSERT INTO identity_verifiable_addresses (nid, value, identity_id) VALUES (?, ?, ?) ON CONFLICT (nid, value) DO NOTHING", nid, value, identity).ExecWithCount() // ok: conflict clause
	return n == 1, err
}

// The lookup is of the identity, by its id: it decides nothing about the
// address's key.
func AddForIdentity(c *pop.Connection, nid, value, identity string) error {
	var owner Address
	if err := c.Find(&owner, identity); err != nil {
		return err
	}
	return c.Create(&Address{NID: nid, Value: value, Identity: identity}) // ok: another key
}
