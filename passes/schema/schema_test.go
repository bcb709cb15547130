package schema_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/passes/schema"
)

// module writes files (path → content) into a temporary module and returns
// its root.
func module(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	if _, ok := files["go.mod"]; !ok {
		files["go.mod"] = "module example.com/m\n\ngo 1.26\n"
	}
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func tables(cat *schema.Catalog) string {
	var out []string
	for _, t := range cat.Tables() {
		out = append(out, t.String())
	}
	return strings.Join(out, "\n")
}

func TestSources(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		dir   string // package directory, relative to the root
		want  string
	}{
		{
			name: "sqlc v2 yaml with a schema folder",
			files: map[string]string{
				"db/sqlc.yaml":            "version: \"2\"\nsql:\n  - engine: \"postgresql\"\n    queries: \"query.sql\"\n    schema: \"schema/\"  # the migrations\n    database:\n      uri: postgres://localhost/never\n    gen:\n      go:\n        package: db\n        out: db\n",
				"db/schema/001_users.sql": "CREATE TABLE users (id bigserial PRIMARY KEY, email text NOT NULL UNIQUE);",
				"db/schema/002_docs.sql":  "CREATE TABLE documents (id bigint PRIMARY KEY, version int NOT NULL DEFAULT 0);",
			},
			dir:  "db",
			want: "documents(pk id; version version)\nusers(pk id; unique email)",
		},
		{
			name: "sqlc v2 yaml with a block list of files",
			files: map[string]string{
				"sqlc.yml": "version: '2'\nsql:\n- schema:\n  - a.sql\n  - 'b.sql'\n  queries: q.sql\n  engine: postgresql\n",
				"a.sql":    "CREATE TABLE a (id int PRIMARY KEY);",
				"b.sql":    "CREATE TABLE b (id int, code text, UNIQUE (code));",
			},
			want: "a(pk id)\nb(unique code)",
		},
		{
			name: "sqlc v1 json",
			files: map[string]string{
				"sqlc.json":      `{"version": "1", "packages": [{"name": "db", "path": "db", "schema": ["sql/schema.sql"], "queries": "sql/q.sql", "engine": "mysql"}]}`,
				"sql/schema.sql": "CREATE TABLE `users` (`id` bigint NOT NULL AUTO_INCREMENT, `email` varchar(255) NOT NULL, PRIMARY KEY (`id`), UNIQUE KEY `users_email` (`email`)) ENGINE=InnoDB;",
			},
			want: "users(pk id; unique email)",
		},
		{
			name: "goose migrations applied in order, down parts skipped",
			files: map[string]string{
				"migrations/00001_users.sql": "-- +goose Up\nCREATE TABLE users (id serial PRIMARY KEY, email text);\n-- +goose Down\nDROP TABLE users;\n",
				"migrations/00002_email.sql": "-- +goose Up\nCREATE UNIQUE INDEX users_email_idx ON users (email);\n-- +goose Down\nDROP INDEX users_email_idx;\n",
			},
			want: "users(pk id; unique email)",
		},
		{
			name: "golang-migrate up and down files",
			files: map[string]string{
				"db/migrations/1_init.up.sql":     "CREATE TABLE rides (id bigint PRIMARY KEY, driver_id bigint, status text);",
				"db/migrations/1_init.down.sql":   "DROP TABLE rides;",
				"db/migrations/10_idx.up.sql":     "CREATE UNIQUE INDEX one_active ON rides (driver_id) WHERE status = 'active';",
				"db/migrations/2_unused.up.sql":   "ALTER TABLE rides ADD COLUMN version integer NOT NULL DEFAULT 1;",
				"db/migrations/2_unused.down.sql": "ALTER TABLE rides DROP COLUMN version;",
			},
			want: "rides(pk id; unique driver_id where status = 'active'; version version)",
		},
		{
			// pop renders a migration as a Go template before running it:
			// the schema is a template action before the table name.
			name: "pop sql migrations with template actions",
			files: map[string]string{
				"migrations/20240101000000_init.up.sql":   "CREATE TABLE IF NOT EXISTS {{ index .Options \"Namespace\" }}.oauth_clients (\n  id uuid NOT NULL,\n  client_id text NOT NULL,\n  CONSTRAINT oauth_clients_pkey PRIMARY KEY (id)\n);\n{{ if .Options.Unique }}CREATE UNIQUE INDEX oauth_clients_client_id_idx ON {{ index .Options \"Namespace\" }}.oauth_clients (client_id);{{ end }}\n",
				"migrations/20240101000000_init.down.sql": "DROP TABLE {{ index .Options \"Namespace\" }}.oauth_clients;",
			},
			want: "oauth_clients(pk id; unique client_id)",
		},
		{
			// A table created in Go, migrated by Go functions whose down
			// half restores the old key.
			name: "go migrations, down functions skipped",
			files: map[string]string{
				"storage/cross_sigs_table.go": "package storage\n\nconst sigsSchema = `CREATE TABLE IF NOT EXISTS sigs (origin text NOT NULL, key_id text NOT NULL, target text NOT NULL, PRIMARY KEY (origin, key_id, target));`\n",
				"storage/deltas/2024_sigs_key.go": "package deltas\n\nimport (\n\t\"context\"\n\t\"database/sql\"\n)\n\n" +
					"func UpSigsKey(ctx context.Context, tx *sql.Tx) error {\n\t_, err := tx.ExecContext(ctx, `ALTER TABLE sigs DROP CONSTRAINT sigs_pkey; ALTER TABLE sigs ADD PRIMARY KEY (origin, key_id, target);`)\n\treturn err\n}\n\n" +
					"func DownSigsKey(ctx context.Context, tx *sql.Tx) error {\n\t_, err := tx.ExecContext(ctx, `ALTER TABLE sigs DROP CONSTRAINT sigs_pkey; ALTER TABLE sigs ADD PRIMARY KEY (origin, target);`)\n\treturn err\n}\n",
			},
			want: "sigs(pk origin,key_id,target)",
		},
		{
			name: "dbmate",
			files: map[string]string{
				"db/migrations/20240101000000_create.sql": "-- migrate:up\nCREATE TABLE coupons (code text PRIMARY KEY);\n\n-- migrate:down\nDROP TABLE coupons;\n",
			},
			want: "coupons(pk code)",
		},
		{
			name: "sql-migrate",
			files: map[string]string{
				"migrations/20180103142001_init.sql": "-- +migrate Up\nCREATE TABLE IF NOT EXISTS wallet (user_id uuid PRIMARY KEY, coins int NOT NULL DEFAULT 0);\n\n-- +migrate Down\nDROP TABLE IF EXISTS wallet;\n",
			},
			want: "wallet(pk user_id)",
		},
		{
			name: "DDL in Go string constants",
			files: map[string]string{
				"internal/store/migrate.go": "package store\n\nconst createUsers = `CREATE TABLE IF NOT EXISTS users (\n\tid INTEGER PRIMARY KEY,\n\temail TEXT NOT NULL\n)`\n\nvar migrations = []string{createUsers, `CREATE UNIQUE INDEX IF NOT EXISTS users_email ON users(email)`}\n",
			},
			dir:  "internal/store",
			want: "users(pk id; unique email)",
		},
		{
			// A schema tool's DDL split over concatenated literals, the
			// key in the last one.
			name: "DDL in Go over concatenated literals",
			files: map[string]string{
				"tools/admin.go": "package tools\n\nconst createVersion = `CREATE TABLE IF NOT EXISTS schema_version(` +\n\t`part INT not null, ` +\n\t`db_name VARCHAR(255) not null, ` +\n\t`creation_time TIMESTAMP, ` +\n\t`PRIMARY KEY (part, db_name));`\n",
			},
			dir:  "tools",
			want: "schema_version(pk part,db_name)",
		},
		{
			name: "go:embed of a schema file",
			files: map[string]string{
				"internal/db/embed.go":       "package db\n\nimport _ \"embed\"\n\n//go:embed ddl/tables.sql\nvar ddl string\n",
				"internal/db/ddl/tables.sql": "CREATE TABLE orders (id bigint PRIMARY KEY, cart_id bigint NOT NULL, CONSTRAINT orders_cart UNIQUE (cart_id));",
			},
			dir:  "internal/db",
			want: "orders(pk id; unique cart_id)",
		},
		{
			// golang-migrate's source embedded as a folder (and a second
			// folder with all: and quotes): every .sql file directly in
			// it, up parts only.
			name: "go:embed of a migrations folder",
			files: map[string]string{
				"store/sqlite/sqlite.go":                       "package sqlite\n\nimport \"embed\"\n\n//go:embed migrations\nvar migrations embed.FS\n\n//go:embed \"all:extra\"\nvar extra embed.FS\n",
				"store/sqlite/migrations/000001_init.up.sql":   "CREATE TABLE IF NOT EXISTS quotes (id TEXT NOT NULL PRIMARY KEY, request TEXT NOT NULL);",
				"store/sqlite/migrations/000001_init.down.sql": "DROP TABLE IF EXISTS quotes;",
				"store/sqlite/migrations/000002_req.up.sql":    "CREATE UNIQUE INDEX IF NOT EXISTS quotes_request ON quotes(request);",
				"store/sqlite/extra/001_keys.sql":              "CREATE TABLE keysets (id TEXT PRIMARY KEY);",
			},
			dir:  "store",
			want: "keysets(pk id)\nquotes(pk id; unique request)",
		},
		{
			name: "ent's generated migrate/schema.go",
			files: map[string]string{
				"internal/ent/migrate/schema.go": `// Code generated by ent, DO NOT EDIT.

package migrate

import (
	"entgo.io/ent/dialect/sql/schema"
	"entgo.io/ent/schema/field"
)

var (
	// MembersColumns holds the columns for the "members" table.
	MembersColumns = []*schema.Column{
		{Name: "id", Type: field.TypeInt, Increment: true},
		{Name: "email", Type: field.TypeString, Unique: true, Size: 100},
		{Name: "team_id", Type: field.TypeInt},
		{Name: "handle", Type: field.TypeString},
		{Name: "version", Type: field.TypeInt, Default: 0},
	}
	// MembersTable holds the schema information for the "members" table.
	MembersTable = &schema.Table{
		Name:       "members",
		Columns:    MembersColumns,
		PrimaryKey: []*schema.Column{MembersColumns[0]},
		Indexes: []*schema.Index{
			{
				Name:    "member_team_id_handle",
				Unique:  true,
				Columns: []*schema.Column{MembersColumns[2], MembersColumns[3]},
			},
			{
				Name:    "member_handle",
				Unique:  false,
				Columns: []*schema.Column{MembersColumns[3]},
			},
		},
	}
	// LinksColumns holds the columns for the "links" table.
	LinksColumns = []*schema.Column{
		{Name: "id", Type: field.TypeInt, Increment: true},
		{Name: "name", Type: field.TypeString},
	}
	LinksTable = &schema.Table{
		Name:       "links",
		Columns:    LinksColumns,
		PrimaryKey: []*schema.Column{LinksColumns[0]},
	}
	Tables = []*schema.Table{MembersTable, LinksTable}
)
`,
			},
			dir:  "internal/ent",
			want: "links(pk id)\nmembers(pk id; unique email; unique team_id,handle; version version)",
		},
		{
			name: "alter, rename and drop",
			files: map[string]string{
				"schema/schema.sql": `CREATE TABLE accounts (id bigint PRIMARY KEY, mail text);
ALTER TABLE accounts RENAME COLUMN mail TO email;
ALTER TABLE accounts ADD CONSTRAINT accounts_email_key UNIQUE (email);
CREATE TABLE tmp (id int);
DROP TABLE tmp;
CREATE TABLE logs (id int, msg text);
ALTER TABLE logs ADD CONSTRAINT logs_msg_key UNIQUE (msg);
ALTER TABLE logs DROP CONSTRAINT logs_msg_key;`,
			},
			want: "accounts(pk id; unique email)\nlogs()",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := module(t, tt.files)
			dir := filepath.Join(root, tt.dir)
			cat, err := schema.Load(root, dir, schema.Options{Discover: true})
			if err != nil {
				t.Fatal(err)
			}
			if got := tables(cat); got != tt.want {
				t.Errorf("catalog:\n%s\nwant:\n%s\nwarnings: %v", got, tt.want, cat.Warnings)
			}
		})
	}
}

// A sqlc configuration names a schema outside the module: it is refused
// with a warning, and its lines are never read.
func TestSqlcConfigStaysInModule(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.sql")
	if err := os.WriteFile(secret, []byte("CREATE TABLE secret (token text UNIQUE);"), 0o644); err != nil {
		t.Fatal(err)
	}
	root := module(t, map[string]string{
		"sqlc.yaml": "version: \"2\"\nsql:\n  - schema: \"" + secret + "\"\n    queries: q.sql\n    engine: postgresql\n    codegen:\n      - plugin: evil\n        out: x\nplugins:\n  - name: evil\n    process:\n      cmd: \"touch " + filepath.Join(outside, "ran") + "\"\n",
	})
	cat, err := schema.Load(root, root, schema.Options{Discover: true})
	if err != nil {
		t.Fatal(err)
	}
	if cat.Table("secret") != nil {
		t.Errorf("read a schema outside the module")
	}
	if len(cat.Warnings) == 0 || !strings.Contains(cat.Warnings[0].Message, "outside the module") {
		t.Errorf("warnings = %v, want one about the path outside the module", cat.Warnings)
	}
	if _, err := os.Stat(filepath.Join(outside, "ran")); err == nil {
		t.Errorf("ran a plugin process named by the configuration")
	}
}

// The -schema flag may name paths outside the module; a missing one is an
// error naming it.
func TestSchemaFlag(t *testing.T) {
	outside := t.TempDir()
	f := filepath.Join(outside, "s.sql")
	if err := os.WriteFile(f, []byte("CREATE TABLE t (id int PRIMARY KEY);"), 0o644); err != nil {
		t.Fatal(err)
	}
	root := module(t, map[string]string{})
	cat, err := schema.Load(root, root, schema.Options{Paths: []string{f}})
	if err != nil || cat.Table("t") == nil {
		t.Fatalf("Load(-schema %s) = %v, %v", f, tables(cat), err)
	}
	missing := filepath.Join(outside, "nope.sql")
	if _, err := schema.Load(root, root, schema.Options{Paths: []string{missing}}); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("missing -schema path: err = %v, want one naming %s", err, missing)
	}
}

// A statement that does not parse yields a warning naming file and line;
// the rest of the file is used.
func TestBrokenFile(t *testing.T) {
	root := module(t, map[string]string{
		"schema.sql": "CREATE TABLE good (id int PRIMARY KEY);\n\nCREATE TABLE broken (id int PRIMARY KEY, email text UNIQUE\n",
	})
	cat, err := schema.Load(root, root, schema.Options{Discover: true})
	if err != nil {
		t.Fatal(err)
	}
	if cat.Table("good") == nil {
		t.Errorf("lost the statement before the broken one")
	}
	found := false
	for _, w := range cat.Warnings {
		if strings.HasSuffix(w.File, "schema.sql") && w.Line == 3 {
			found = true
		}
	}
	if !found {
		t.Errorf("warnings = %v, want one at schema.sql:3", cat.Warnings)
	}
}

// Binary and garbage files never panic.
func TestGarbage(t *testing.T) {
	root := module(t, map[string]string{
		"schema.sql":       "\x00\x01\x02 CREATE TABLE",
		"migrations/1.sql": "CREATE TABLE ((((( ;;; ALTER TABLE x ADD CONSTRAINT",
		"sqlc.yaml":        "version: [unterminated\nsql:\n  - schema: [a.sql\n",
	})
	if _, err := schema.Load(root, root, schema.Options{Discover: true}); err != nil {
		t.Fatal(err)
	}
}

func TestCovering(t *testing.T) {
	root := module(t, map[string]string{
		"schema.sql": "CREATE TABLE r (id int PRIMARY KEY, a int, b int, c text, d text, e text, f text, g text, h text, UNIQUE (a, b));\nCREATE UNIQUE INDEX r_lower ON r (lower(c));\n" +
			"CREATE UNIQUE INDEX r_hash ON r (encode(sha256(d::bytea), 'hex'));\nCREATE UNIQUE INDEX r_concat ON r (lower(e || f));\nCREATE UNIQUE INDEX r_pair ON r USING btree (a, lower((f)::text));\n" +
			"CREATE UNIQUE INDEX r_nullif ON r (NULLIF(g, ''));\nCREATE UNIQUE INDEX r_const ON r ((1), h);",
	})
	cat, err := schema.Load(root, root, schema.Options{Discover: true})
	if err != nil {
		t.Fatal(err)
	}
	tbl := cat.Table("R")
	if tbl == nil {
		t.Fatal("no table r")
	}
	for _, tt := range []struct {
		cols []string
		want bool
	}{
		{[]string{"a", "b"}, true},
		{[]string{"a", "b", "c"}, true},
		{[]string{"a"}, false},
		{[]string{"c"}, true},      // an index on lower(c) keeps c unique
		{[]string{"d"}, true},      // so does one on a hash of d: equal d, equal hash
		{[]string{"e", "f"}, true}, // lower(e || f)
		{[]string{"e"}, false},
		{[]string{"a", "f"}, true}, // (a, lower(f::text))
		{[]string{"f"}, false},
		{[]string{"g"}, false}, // NULLIF maps '' to NULL: many rows may hold it
		{[]string{"h"}, true},  // ((1), h): a constant element adds nothing
		{[]string{"id"}, true},
	} {
		if _, got := tbl.Covering(tt.cols, nil); got != tt.want {
			t.Errorf("Covering(%v) = %v, want %v", tt.cols, got, tt.want)
		}
	}
}

func TestRenames(t *testing.T) {
	root := module(t, map[string]string{
		"schema.sql": `CREATE TABLE a (id int PRIMARY KEY, email text);
CREATE UNIQUE INDEX a_email_idx ON a (email);
ALTER INDEX a_email_idx RENAME TO a_email_uniq;
ALTER TABLE a RENAME TO users;
CREATE TABLE b (id int, code text);
CREATE UNIQUE INDEX b_code_idx ON b (code);
ALTER TABLE b ADD CONSTRAINT b_code_key UNIQUE USING INDEX b_code_idx;
RENAME TABLE b TO coupons;`,
	})
	cat, err := schema.Load(root, root, schema.Options{Discover: true})
	if err != nil {
		t.Fatal(err)
	}
	u := cat.Table("users")
	if u == nil || cat.Table("a") != nil {
		t.Fatalf("tables after renames: %s", tables(cat))
	}
	if got, ok := u.Covering([]string{"email"}, nil); !ok || got.Name != "a_email_uniq" {
		t.Errorf("users(email) covered by %q, %v; want a_email_uniq", got.Name, ok)
	}
	if got, ok := cat.Table("coupons").Covering([]string{"code"}, nil); !ok || got.Name != "b_code_key" {
		t.Errorf("coupons(code) covered by %q, %v; want b_code_key", got.Name, ok)
	}
}

// Every discovered source is read and merged: a sqlc schema, a goose set
// elsewhere in the module and DDL in Go code. A table two sources define
// keeps the more complete definition, and -dump says where the others are.
func TestMergedSources(t *testing.T) {
	root := module(t, map[string]string{
		"internal/db/sqlc.yaml":          "version: \"2\"\nsql:\n  - engine: postgresql\n    queries: query.sql\n    schema: schema.sql\n",
		"internal/db/schema.sql":         "CREATE TABLE users (id bigserial PRIMARY KEY, email text NOT NULL UNIQUE, name text NOT NULL);",
		"migrations/00001_init.sql":      "-- +goose Up\nCREATE TABLE users (id bigserial PRIMARY KEY, email text NOT NULL);\nCREATE TABLE teams (id bigserial PRIMARY KEY, slug text NOT NULL);\n-- +goose Down\nDROP TABLE teams;\n",
		"migrations/00002_team_slug.sql": "-- +goose Up\nCREATE UNIQUE INDEX teams_slug ON teams (slug);\n",
		"internal/audit/ddl.go":          "package audit\n\nconst ddl = `CREATE TABLE IF NOT EXISTS audit_log (id INTEGER PRIMARY KEY, event_id TEXT NOT NULL UNIQUE)`\n",
	})
	cat, err := schema.Load(root, filepath.Join(root, "internal/db"), schema.Options{Discover: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "audit_log(pk id; unique event_id)\nteams(pk id; unique slug)\nusers(pk id; unique email; from internal/db/sqlc.yaml schema schema.sql, also defined less completely in migrations/)"
	if got := tables(cat); got != want {
		t.Errorf("catalog:\n%s\nwant:\n%s\nwarnings: %v", got, want, cat.Warnings)
	}
}

// The SQL of a dependency (a module in the module cache, a vendored
// package) is not the application's schema: nothing is discovered there.
func TestNoDiscoveryInDependencies(t *testing.T) {
	files := map[string]string{"migrations/1_init.up.sql": "CREATE TABLE jobs (id bigint PRIMARY KEY, name text UNIQUE);"}
	cache := t.TempDir()
	t.Setenv("GOMODCACHE", cache)
	dep := filepath.Join(cache, "example.com", "queue@v1.2.3")
	for name, content := range map[string]string{"go.mod": "module example.com/queue\n", "migrations/1_init.up.sql": files["migrations/1_init.up.sql"]} {
		p := filepath.Join(dep, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cat, err := schema.Load(dep, dep, schema.Options{Discover: true})
	if err != nil {
		t.Fatal(err)
	}
	if !cat.Empty() {
		t.Errorf("read a dependency's schema in the module cache: %s", tables(cat))
	}
	files["vendor/example.com/queue/migrations/1_init.up.sql"] = files["migrations/1_init.up.sql"]
	delete(files, "migrations/1_init.up.sql")
	root := module(t, files)
	cat, err = schema.Load(root, filepath.Join(root, "vendor/example.com/queue"), schema.Options{Discover: true})
	if err != nil {
		t.Fatal(err)
	}
	if !cat.Empty() {
		t.Errorf("read a vendored package's schema: %s", tables(cat))
	}
	// The application itself is still read.
	root = module(t, map[string]string{"migrations/1_init.up.sql": "CREATE TABLE jobs (id bigint PRIMARY KEY, name text UNIQUE);"})
	cat, err = schema.Load(root, root, schema.Options{Discover: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := tables(cat); got != "jobs(pk id; unique name)" {
		t.Errorf("catalog of the application = %q", got)
	}
}

// Migrations wrap DDL in PL/pgSQL DO blocks to make it re-runnable: the
// statements a block runs whatever it meets (at its top level, under IF
// [NOT] EXISTS guards, a literal EXECUTE) are applied; those in a loop, an
// ELSE arm, an exception handler or under another test are not, and a
// temporary table is no table of the schema.
func TestDoBlocks(t *testing.T) {
	root := module(t, map[string]string{
		"migrations/001_accounts.up.sql": `CREATE TABLE accounts (id uuid PRIMARY KEY, login text NOT NULL UNIQUE, sso boolean NOT NULL DEFAULT false);
CREATE TABLE grants (id uuid, account_id uuid NOT NULL, scope text NOT NULL);
CREATE TABLE devices (id uuid PRIMARY KEY, serial text NOT NULL, owner uuid);
CREATE UNIQUE INDEX devices_serial_v1 ON devices (serial);`,
		"migrations/002_sso.up.sql": `do $$
begin
  alter table only accounts drop constraint if exists accounts_login_key;
exception
  when dependent_objects_still_exist then
    raise notice 'accounts_login_key is still referenced; drop it by hand';
end $$;
create unique index if not exists accounts_login_local on accounts (login) where (sso = false);`,
		"migrations/003_grants.up.sql": `DO $body$
DECLARE
  n int := 0;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'grants_pkey') THEN
    ALTER TABLE grants ADD CONSTRAINT grants_pkey PRIMARY KEY (id);
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'grants_account_scope')
     AND NOT EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'grants_account_scope') THEN
    ALTER TABLE grants ADD CONSTRAINT grants_account_scope UNIQUE (account_id, scope);
  ELSE
    ALTER TABLE grants DROP CONSTRAINT grants_account_scope;
  END IF;
  CREATE TEMP TABLE scratch (id uuid PRIMARY KEY);
  FOR n IN 1..3 LOOP
    EXECUTE 'create unique index grants_scope_' || n || ' on grants (scope)';
    CREATE UNIQUE INDEX grants_looped ON grants (scope);
  END LOOP;
END
$body$ LANGUAGE plpgsql;`,
		"migrations/004_devices.up.sql": `DO $$
BEGIN
  IF (SELECT count(*) FROM pg_indexes WHERE indexname IN ('devices_serial_v1', 'devices_serial')) = 2 THEN
    EXECUTE 'drop index devices_serial_v1';
  END IF;
  IF EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'devices_serial_v1') THEN
    EXECUTE 'alter index devices_serial_v1 rename to devices_serial';
  END IF;
END $$;`,
		"migrations/005_broken.up.sql": `DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_tables WHERE tablename = 'devices') THEN
    ALTER TABLE devices ADD CONSTRAINT devices_owner_serial UNIQUE (owner, serial);
  END LOOP;
END $$;`,
	})
	cat, err := schema.Load(root, root, schema.Options{Discover: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "accounts(pk id; unique login where (sso = false))\ndevices(pk id; unique serial)\ngrants(pk id; unique account_id,scope)"
	if got := tables(cat); got != want {
		t.Errorf("catalog:\n%s\nwant:\n%s\nwarnings: %v", got, want, cat.Warnings)
	}
	if got, ok := cat.Table("devices").Covering([]string{"serial"}, nil); !ok || got.Name != "devices_serial" {
		t.Errorf("devices(serial) covered by %q, %v; want devices_serial (renamed in a DO block)", got.Name, ok)
	}
	if got, ok := cat.Table("grants").Covering([]string{"account_id", "scope"}, nil); !ok || got.At != "003_grants.up.sql:10" {
		t.Errorf("grants(account_id, scope) covered by %+v, %v; want the constraint at 003_grants.up.sql:10", got, ok)
	}
}
