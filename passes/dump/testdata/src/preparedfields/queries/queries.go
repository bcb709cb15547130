// Package queries prepares the statements its importers run, through a
// helper that panics on a bad statement.
package queries

import "database/sql"

type Statements struct {
	InviteByCode *sql.Stmt
	Redeem       *sql.Stmt
	// Audit is set by the importers: this package does not know it.
	Audit *sql.Stmt
}

func mustPrepare(db *sql.DB, query string) *sql.Stmt {
	st, err := db.Prepare(query)
	if err != nil {
		panic(err)
	}
	return st
}

func Prepare(db *sql.DB) *Statements {
	return &Statements{
		InviteByCode: mustPrepare(db, `SELECT id, used FROM invites WHERE code = $1`),
		Redeem:       mustPrepare(db, `UPDATE invites SET used = true WHERE id = $1`),
	}
}
