package store

import (
	"gorpmodel/db"

	"github.com/go-gorp/gorp/v3"
)

type Store struct{ sql *gorp.DbMap }

func (d *Store) Connect(m *gorp.DbMap) {
	d.sql = m
	d.sql.AddTableWithName(db.Runner{}, "project__runner").SetKeys(true, "id")
	d.sql.AddTable(db.Session{}).SetKeys(true, "ID")
}

func (d *Store) CreateRunner(r db.Runner) (db.Runner, error) {
	err := d.sql.Insert(&r) // want `insert project__runner set project_id=\$r\.ProjectID,token=\$r\.Token,name=\$r\.Name,active=\$r\.Active,created=\$r\.Created on d\.sql`
	return r, err
}

func (d *Store) RenameRunner(id int, name string) error {
	obj, err := d.sql.Get(db.Runner{}, id) // want `select project__runner where id=\$id reads id->Get\(\)#0\.ID,project_id->Get\(\)#0\.ProjectID,token->Get\(\)#0\.Token,name->Get\(\)#0\.Name,active->Get\(\)#0\.Active,created->Get\(\)#0\.Created on d\.sql; found\? nil`
	if err != nil {
		return err
	}
	if obj == nil {
		return nil
	}
	r := obj.(*db.Runner)
	r.Name = name
	_, err = d.sql.Update(r) // want `update project__runner set project_id=\$Get\(\)#0\.ProjectID,token=\$Get\(\)#0\.Token,name=\$name,active=\$Get\(\)#0\.Active,created=\$Get\(\)#0\.Created where id=\$Get\(\)#0\.ID on d\.sql`
	return err
}

func (d *Store) DeleteRunner(r *db.Runner) (bool, error) {
	n, err := d.sql.Delete(r) // want `delete project__runner where id=\$r\.ID on d\.sql; rows checked`
	return n == 1, err
}

func (d *Store) TwoSessions(tx *gorp.Transaction, a, b *db.Session) error {
	return tx.Insert(a, b) // want `insert session set user_id=\$a\.UserID,secret=\$a\.Secret on tx` `insert session set user_id=\$b\.UserID,secret=\$b\.Secret on tx`
}

// Other inserts a struct the package never registered: gorp fails it at run
// time, and the model knows no table for it.
func (d *Store) Other(u *db.Unregistered) error {
	return d.sql.Insert(u)
}
