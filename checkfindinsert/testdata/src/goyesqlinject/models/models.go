// Package models holds the statements of queries.sql, prepared by goyesql
// into the tagged fields.
package models

import "github.com/jmoiron/sqlx"

type Queries struct {
	GetContact        *sqlx.Stmt `query:"get-contact"`
	InsertContact     *sqlx.Stmt `query:"insert-contact"`
	InsertContactOnce *sqlx.Stmt `query:"insert-contact-once"`
}
