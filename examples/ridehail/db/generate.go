// Package db holds ridehail's schema and queries. sqlc (a tool of this
// module) generates internal/db from them; the output is committed.
//
//	go generate ./ridehail/db
package db

//go:generate go tool sqlc generate
