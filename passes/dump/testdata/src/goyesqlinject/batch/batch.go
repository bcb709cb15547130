// Package batch imports members in batches with the prepared statements
// main hands over in Options.
package batch

import "database/sql"

type Options struct {
	UpsertStmt *sql.Stmt
	BlockStmt  *sql.Stmt
	TouchStmt  *sql.Stmt
	// PurgeStmt is prepared by main from its own text: no named query.
	PurgeStmt *sql.Stmt
}

type Importer struct {
	db  *sql.DB
	opt Options
}

func New(db *sql.DB, opt Options) *Importer { return &Importer{db: db, opt: opt} }

type Member struct{ Email, Name string }

// Run takes a transaction and picks the statement per batch, then runs it
// for each member.
func (im *Importer) Run(block bool, groups []int64, queue <-chan Member) error {
	var (
		tx   *sql.Tx
		stmt *sql.Stmt
		err  error
		n    = 0
	)
	for m := range queue {
		if n == 0 {
			tx, err = im.db.Begin()
			if err != nil {
				return err
			}
			if block {
				stmt = tx.Stmt(im.opt.BlockStmt)
			} else {
				stmt = tx.Stmt(im.opt.UpsertStmt)
			}
		}
		if _, err := stmt.Exec(m.Email, m.Name); err != nil { // want `insert members set email=\$<-queue#0.Email,name=\$<-queue#0.Name,status='blocked' conflict=doupdate\(email\).*one of 2` `insert members set email=\$<-queue#0.Email,name=\$<-queue#0.Name conflict=doupdate\(email\).*one of 2`
			tx.Rollback()
			return err
		}
		n++
		if n == 100 {
			if err := tx.Commit(); err != nil {
				return err
			}
			n = 0
		}
	}
	if tx != nil {
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	_, err = im.opt.TouchStmt.Exec(groups) // want `update groups set updated_at=NOW\(\) where id= ANY\$groups on im.opt.TouchStmt`
	return err
}

func (im *Importer) Purge() error {
	_, err := im.opt.PurgeStmt.Exec() // want `unknown \? on im.opt.PurgeStmt; partial`
	return err
}
