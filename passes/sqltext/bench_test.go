package sqltext

import (
	"strings"
	"testing"
)

// benchStmts is a mix of the statements a service sends.
var benchStmts = []string{
	"SELECT id, email, name, created_at FROM users WHERE email = $1",
	"-- name: DebitAccount :execrows\nUPDATE accounts SET balance = balance - sqlc.arg(amount), updated_at = now()\nWHERE id = sqlc.arg(id) AND balance >= sqlc.arg(amount)",
	"INSERT INTO users (email, name, password_hash) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING id, email, name, created_at",
	"SELECT `id`, `status` FROM `orders` WHERE `user_id` = ? AND `status` IN (?, ?) ORDER BY `id` DESC LIMIT 20 FOR UPDATE",
	"INSERT INTO counters (k, v) VALUES (?, 1) AS new ON DUPLICATE KEY UPDATE v = v + new.v",
	"WITH moved AS (DELETE FROM queue WHERE id = (SELECT id FROM queue ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING *) INSERT INTO done SELECT * FROM moved",
	"SELECT u.id, count(o.id) AS n FROM users u LEFT JOIN orders o ON o.user_id = u.id WHERE u.org_id = $1 AND o.created_at > now() - interval '7 days' GROUP BY u.id HAVING count(o.id) > 2",
	"UPDATE documents SET title = $2, body = $3, version = version + 1, updated_at = now() WHERE id = $1 AND version = $4",
	"SELECT pg_advisory_xact_lock(hashtext($1))",
	"BEGIN ISOLATION LEVEL SERIALIZABLE",
	"DELETE FROM sessions WHERE expires_at < now()",
	"SELECT EXISTS (SELECT 1 FROM users WHERE email = $1)",
}

// BenchmarkParse measures the uncached scanner over benchStmts.
func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	n := 0
	for _, s := range benchStmts {
		n += len(s)
	}
	b.SetBytes(int64(n / len(benchStmts)))
	for i := 0; b.Loop(); i++ {
		parse(benchStmts[i%len(benchStmts)])
	}
}

// BenchmarkParseCached measures the cached path.
func BenchmarkParseCached(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Parse(benchStmts[i%len(benchStmts)])
	}
}

// benchSchema is a schema file of the kind migrations hold.
const benchSchema = `-- +goose Up
CREATE TABLE IF NOT EXISTS users (
    id bigserial PRIMARY KEY,
    org_id bigint NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    email varchar(255) NOT NULL,
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'banned')),
    version integer NOT NULL DEFAULT 1,
    created_at timestamp with time zone NOT NULL DEFAULT now(),
    CONSTRAINT users_org_email_key UNIQUE (org_id, email)
);
CREATE UNIQUE INDEX users_lower_email ON users (lower(email)) WHERE status = 'active';
ALTER TABLE users ADD COLUMN nickname text, ALTER COLUMN email SET NOT NULL, DROP COLUMN legacy;
CREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.updated_at := now(); RETURN NEW; END $$;
CREATE TABLE ` + "`orders`" + ` (
  ` + "`id`" + ` bigint unsigned NOT NULL AUTO_INCREMENT,
  ` + "`user_id`" + ` int NOT NULL,
  PRIMARY KEY (` + "`id`" + `),
  UNIQUE KEY ` + "`uk`" + ` (` + "`user_id`" + `),
  KEY ` + "`idx`" + ` (` + "`user_id`" + `)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
`

// BenchmarkParseDDL measures the uncached scanner over the statements of
// benchSchema.
func BenchmarkParseDDL(b *testing.B) {
	b.ReportAllocs()
	stmts := split(benchSchema)
	b.SetBytes(int64(len(benchSchema) / len(stmts)))
	for i := 0; b.Loop(); i++ {
		parse(stmts[i%len(stmts)])
	}
}

// BenchmarkSplitSchema measures splitting a large schema file (about 1 MB).
func BenchmarkSplitSchema(b *testing.B) {
	b.ReportAllocs()
	big := strings.Repeat(benchSchema, 800)
	b.SetBytes(int64(len(big)))
	for b.Loop() {
		split(big)
	}
}
