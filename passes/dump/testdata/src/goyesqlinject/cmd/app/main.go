// Command app prepares the queries and hands them to the importer.
package main

import (
	"github.com/jmoiron/sqlx"
	"github.com/knadh/goyesql/v2"
	goyesqlx "github.com/knadh/goyesql/v2/sqlx"

	"goyesqlinject/batch"
	"goyesqlinject/models"
)

func main() {
	db, err := sqlx.Connect("postgres", "")
	if err != nil {
		panic(err)
	}
	qs := goyesql.MustParseFile("queries.sql")
	var q models.Queries
	if err := goyesqlx.ScanToStruct(&q, qs, db); err != nil {
		panic(err)
	}
	purge, err := db.Prepare("DELETE FROM members WHERE status = 'blocked'")
	if err != nil {
		panic(err)
	}
	im := batch.New(db.DB, batch.Options{
		UpsertStmt: q.UpsertMember.Stmt,
		BlockStmt:  q.BlockMember.Stmt,
		TouchStmt:  q.TouchGroups.Stmt,
		PurgeStmt:  purge,
	})
	_ = im.Run(false, nil, nil)
}
