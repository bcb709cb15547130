// Package migrations holds the schema as DDL in Go code. Nothing the
// handlers import imports it: only main would.
package migrations

// Up creates the tables.
const Up = `
CREATE TABLE users (id bigserial PRIMARY KEY, email text NOT NULL UNIQUE);
CREATE TABLE invites (id bigserial PRIMARY KEY, email text NOT NULL);
`
