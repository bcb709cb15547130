// Package importer imports contacts with the prepared statements its
// importer hands over: the fields carry no tags, main fills them from the
// goyesql Queries.
package importer

import (
	"database/sql"
	"errors"
)

type Options struct {
	LookupStmt     *sql.Stmt
	InsertStmt     *sql.Stmt
	InsertOnceStmt *sql.Stmt
}

type Importer struct {
	db  *sql.DB
	opt Options
}

func New(db *sql.DB, opt Options) *Importer { return &Importer{db: db, opt: opt} }

type Contact struct{ Email, Name string }

// Import adds a contact unless one with its email exists.
func (im *Importer) Import(c Contact) error {
	var id int64
	err := im.opt.LookupStmt.QueryRow(c.Email).Scan(&id)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = im.opt.InsertStmt.Exec(c.Email, c.Name) // want `check-then-insert on contacts\(email\)`
	return err
}

// ImportOnce lets the conflict clause decide.
func (im *Importer) ImportOnce(c Contact) error {
	var id int64
	err := im.opt.LookupStmt.QueryRow(c.Email).Scan(&id)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = im.opt.InsertOnceStmt.Exec(c.Email, c.Name) // ok: ON CONFLICT (email) DO NOTHING
	return err
}
