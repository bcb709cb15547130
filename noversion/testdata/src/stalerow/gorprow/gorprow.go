// Package gorprow edits runners through gorp's model methods: Get loads
// the registered struct, Update writes every column of it back.
package gorprow

import "github.com/go-gorp/gorp/v3"

type Runner struct {
	ID     int    `db:"id"`
	Name   string `db:"name"`
	Token  string `db:"token"`
	Active bool   `db:"active"`
}

type Store struct{ sql *gorp.DbMap }

func (d *Store) Connect(m *gorp.DbMap) {
	d.sql = m
	d.sql.AddTableWithName(Runner{}, "runner").SetKeys(true, "id")
}

// Rename writes the whole row back: a Deactivate or RotateToken between
// the Get and the Update is reverted.
func (d *Store) Rename(id int, name string) error {
	obj, err := d.sql.Get(Runner{}, id)
	if err != nil || obj == nil {
		return err
	}
	r := obj.(*Runner)
	r.Name = name
	_, err = d.sql.Update(r) // want `stale row written back on runner\(active, token\)`
	return err
}

// Deactivate writes the flag alone.
func (d *Store) Deactivate(id int) error {
	_, err := d.sql.Exec("update runner set active=false where id=?", id)
	return err
}

// RotateToken writes the token alone.
func (d *Store) RotateToken(id int, token string) error {
	_, err := d.sql.Exec("update runner set token=? where id=?", token, id)
	return err
}

// ---- silent ----

// RenameOnly writes the changed column alone.
func (d *Store) RenameOnly(id int, name string) error {
	_, err := d.sql.Exec("update runner set name=? where id=?", name, id)
	return err
}
