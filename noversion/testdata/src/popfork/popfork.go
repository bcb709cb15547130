// Package popfork holds compare-and-set updates written with ory's fork
// of pop, in the shape of an identity server's persister: one-time codes
// consumed by a NOT used guard, sessions revoked by an active guard.
package popfork

import (
	"errors"

	"github.com/ory/pop/v6"
)

type Session struct {
	ID       string `db:"id"`
	NID      string `db:"nid"`
	Identity string `db:"identity_id"`
}

var ErrUsed = errors.New("code already used")

// The code is consumed without looking at the count: two submissions of
// one code both go on to create a session.
func UseCode(c *pop.Connection, id, nid, identity string) error {
	return c.Transaction(func(tx *pop.Connection) error {
		if err := tx.RawQuery("UPDATE identity_login_codes SET used = true WHERE id = ? AND nid = ? AND NOT used", id, nid).Exec(); err != nil { // want `compare-and-set on identity_login_codes\.used ignores rows affected`
			return err
		}
		return tx.Create(&Session{NID: nid, Identity: identity})
	})
}

// A revoke followed by a write that assumes this request revoked: the
// loser of two concurrent revokes records a second revocation.
func RevokeAndRecord(c *pop.Connection, id, nid string) error {
	if err := c.RawQuery("UPDATE sessions SET active = false WHERE id = ? AND nid = ? AND active = true", id, nid).Exec(); err != nil { // want `compare-and-set on sessions\.active ignores rows affected`
		return err
	}
	return c.RawQuery("INSERT INTO session_revocations (session_id, nid) VALUES (?, ?)", id, nid).Exec()
}

// ---- silent ----

// The count decides: a second submission gets ErrUsed.
func UseCodeChecked(c *pop.Connection, id, nid, identity string) error {
	return c.Transaction(func(tx *pop.Connection) error {
		n, err := tx.RawQuery("UPDATE identity_login_codes SET used = true WHERE id = ? AND nid = ? AND NOT used", id, nid).ExecWithCount() // ok: count checked
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrUsed
		}
		return tx.Create(&Session{NID: nid, Identity: identity})
	})
}

// Revoking a session that a concurrent request revoked already leaves it
// revoked, as this one wanted: 0 rows is no conflict.
func RevokeSession(c *pop.Connection, id, identity, nid string) error {
	return c.Transaction(func(tx *pop.Connection) error {
		return tx.RawQuery("UPDATE sessions SET active = false WHERE id = ? AND identity_id = ? AND nid = ? AND active = true", id, identity, nid).Exec() // ok: a revoke
	})
}

// Likewise a token revoked by its timestamp.
func RevokeToken(c *pop.Connection, id, nid string) error {
	return c.RawQuery("UPDATE identity_tokens SET revoked_at = now() WHERE id = ? AND nid = ? AND revoked_at IS NULL", id, nid).Exec() // ok: a revoke
}
