// Package models holds the statements of queries.sql, prepared by goyesql
// into the tagged fields.
package models

import "github.com/jmoiron/sqlx"

type Queries struct {
	UpsertMember *sqlx.Stmt `query:"upsert-member"`
	BlockMember  *sqlx.Stmt `query:"block-member"`
	TouchGroups  *sqlx.Stmt `query:"touch-groups"`
}
