// Package migrations holds the schema as DDL in Go code, one statement of
// it cut short (idemvet warns about it once). Nothing the
// handlers import imports it: only main would.
package migrations

// Up creates the tables.
const Up = `
CREATE TABLE users (id bigserial PRIMARY KEY, email text NOT NULL UNIQUE);
CREATE TABLE invites (id bigserial PRIMARY KEY, email text NOT NULL);
CREATE TABLE audit (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT (now(;
`
