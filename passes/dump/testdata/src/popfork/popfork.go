// Package popfork is written against ory's fork of pop
// (github.com/ory/pop/v6), which keeps gobuffalo/pop's API under its own
// import path: the model reads it as pop.
package popfork

import (
	"fmt"

	"github.com/ory/pop/v6"
)

type Session struct {
	ID       string `db:"id"`
	NID      string `db:"nid"`
	Identity string `db:"identity_id"`
	Active   bool   `db:"active"`
}

type Credential struct {
	ID     string `db:"id"`
	Config string `db:"config"`
}

func (Credential) TableName() string { return "identity_credentials" }

func Get(c *pop.Connection, id, nid string) (*Session, error) {
	var s Session
	err := c.Q().Where("id = ? AND nid = ?", id, nid).First(&s) // want `select sessions where id=\$id,nid=\$nid reads .* on c; found\? err`
	return &s, err
}

func Create(c *pop.Connection, s *Session) error {
	return c.Create(s) // want `insert sessions set id=\$s\.ID,nid=\$s\.NID,identity_id=\$s\.Identity,active=\$s\.Active on c`
}

func Revoke(c *pop.Connection, identity, nid string) (int, error) {
	return c.RawQuery("UPDATE sessions SET active = false WHERE identity_id = ? AND nid = ? AND active = true", identity, nid).ExecWithCount() // want `update sessions set active=false where identity_id=\$identity,nid=\$nid,active=true on c; found\? count`
}

func SetConfig(c *pop.Connection, id, config string) error {
	return c.Transaction(func(tx *pop.Connection) error {
		var cr Credential
		if err := tx.Find(&cr, id); err != nil { // want `select identity_credentials where id=\$id reads id\->cr\.ID,config\->cr\.Config on tx; found\? err\(database/sql\.ErrNoRows\); in callback tx`
			return err
		}
		cr.Config = config
		return tx.UpdateColumns(&cr, "config") // want `update identity_credentials set config=\$config where id=\$cr\.ID on tx; in callback tx`
	})
}

// A flag's test spelled as the column alone: NOT used is used = false.
func Consume(c *pop.Connection, id, nid string) (bool, error) {
	n, err := c.RawQuery("UPDATE identity_recovery_tokens SET used = true WHERE id = ? AND nid = ? AND NOT used", id, nid).ExecWithCount() // want `update identity_recovery_tokens set used=true where id=\$id,nid=\$nid,used=false on c; found\? count; rows checked`
	return n == 1, err
}

type Exchange struct {
	ID     string `db:"id"`
	FlowID string `db:"flow_id"`
}

func (Exchange) TableName() string { return "token_exchanges" }

// MoveFlow names the table quoted for the dialect.
func MoveFlow(c *pop.Connection, oldFlow, newFlow, nid string) error {
	q := fmt.Sprintf("UPDATE %s SET flow_id = ? WHERE flow_id = ? AND nid = ?", c.Dialect.Quote(Exchange{}.TableName()))
	return c.RawQuery(q, newFlow, oldFlow, nid).Exec() // want `update token_exchanges set flow_id=\$newFlow where flow_id=\$oldFlow,nid=\$nid on c`
}
