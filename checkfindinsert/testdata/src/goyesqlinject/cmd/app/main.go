// Command app prepares the queries and hands them to the importer.
package main

import (
	"github.com/jmoiron/sqlx"
	"github.com/knadh/goyesql/v2"
	goyesqlx "github.com/knadh/goyesql/v2/sqlx"

	"goyesqlinject/importer"
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
	im := importer.New(db.DB, importer.Options{
		LookupStmt:     q.GetContact.Stmt,
		InsertStmt:     q.InsertContact.Stmt,
		InsertOnceStmt: q.InsertContactOnce.Stmt,
	})
	_ = im.Import(importer.Contact{Email: "a@example.com"})
}
