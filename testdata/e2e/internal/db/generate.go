// Package db holds the schema and queries of the end-to-end module. The
// packages pgxq (pgx/v5) and sqlq (database/sql) beside this file are
// generated from them by sqlc, declared as a tool in go.mod.
//
// The generated code is committed; regenerate it only after editing
// schema.sql or query.sql:
//
//	go generate ./internal/db
package db

//go:generate go tool sqlc generate
