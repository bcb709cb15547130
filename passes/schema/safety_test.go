package schema_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/idemvet/idemvet/passes/schema"
)

// outsideFile writes a schema file outside any module and returns its path.
func outsideFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func link(t *testing.T, target, at string) {
	t.Helper()
	os.MkdirAll(filepath.Dir(at), 0o755)
	if err := os.Symlink(target, at); err != nil {
		t.Skipf("symbolic links: %v", err)
	}
}

func warned(cat *schema.Catalog, file, substr string) bool {
	for _, w := range cat.Warnings {
		if strings.HasSuffix(w.File, file) && strings.Contains(w.Message, substr) {
			return true
		}
	}
	return false
}

// TestSymlinksOutOfModule links schema files from outside the module into
// every place discovery reads: the module root, a conventional migrations
// folder, a sqlc schema folder, a Go file with DDL, a //go:embed-ed file
// and the sqlc configuration itself. None is read (each gets a warning);
// the files that are the module's own still are. -schema may name the
// outside file.
func TestSymlinksOutOfModule(t *testing.T) {
	secret := outsideFile(t, "secret.sql", "CREATE TABLE secret (token text UNIQUE);")
	secretFizz := outsideFile(t, "secret.up.fizz", "create_table(\"secret\") {\n  t.Column(\"token\", \"string\", {})\n  t.Index(\"token\", {\"unique\": true})\n}\n")
	goDDL := outsideFile(t, "ddl.go", "package m\n\nconst ddl = `CREATE TABLE secretgo (id int PRIMARY KEY)`\n")
	cases := []struct {
		name  string
		files map[string]string
		links map[string]string // link in the module → target
		dir   string
	}{
		{"module root", map[string]string{"own.sql": "CREATE TABLE own (id int PRIMARY KEY);"}, map[string]string{"passwd.sql": secret}, ""},
		{"migrations folder", map[string]string{"migrations/001_own.sql": "CREATE TABLE own (id int PRIMARY KEY);"}, map[string]string{"migrations/002_secret.sql": secret}, ""},
		{"sqlc schema folder", map[string]string{
			"db/sqlc.yaml":        "version: \"2\"\nsql:\n  - engine: postgresql\n    schema: \"schema\"\n    queries: q.sql\n",
			"db/schema/1_own.sql": "CREATE TABLE own (id int PRIMARY KEY);",
		}, map[string]string{"db/schema/2_secret.sql": secret}, "db"},
		{"go file", map[string]string{"own.go": "package m\n\nconst own = `CREATE TABLE own (id int PRIMARY KEY)`\n"}, map[string]string{"ddl.go": goDDL}, ""},
		{"go:embed", map[string]string{
			"own.go":      "package m\n\nimport _ \"embed\"\n\n//go:embed sql/*.sql\nvar schema string\n",
			"sql/own.sql": "CREATE TABLE own (id int PRIMARY KEY);",
		}, map[string]string{"sql/z_secret.sql": secret}, ""},
		{"fizz migrations folder", map[string]string{"migrations/001_own.up.fizz": "create_table(\"own\") {\n  t.Column(\"id\", \"uuid\", {primary: true})\n}\n"}, map[string]string{"migrations/002_secret.up.fizz": secretFizz}, ""},
		{"fizz go:embed", map[string]string{
			"store/store.go":                   "package store\n\nimport \"embed\"\n\n//go:embed migrations/*\nvar migrations embed.FS\n",
			"store/migrations/001_own.up.fizz": "create_table(\"own\") {\n  t.Column(\"id\", \"uuid\", {primary: true})\n}\n",
		}, map[string]string{"store/migrations/002_secret.up.fizz": secretFizz}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := module(t, tc.files)
			for at, target := range tc.links {
				link(t, target, filepath.Join(root, at))
			}
			cat, err := schema.Load(root, filepath.Join(root, tc.dir), schema.Options{Discover: true})
			if err != nil {
				t.Fatal(err)
			}
			if cat.Table("secret") != nil || cat.Table("secretgo") != nil {
				t.Errorf("read a file outside the module through a link: %s", tables(cat))
			}
			if cat.Table("own") == nil {
				t.Errorf("lost the module's own schema: %s (warnings %v)", tables(cat), cat.Warnings)
			}
			for at := range tc.links {
				if (filepath.Ext(at) == ".sql" || filepath.Ext(at) == ".fizz") && !warned(cat, at, "outside the module") {
					t.Errorf("no warning about %s: %v", at, cat.Warnings)
				}
			}
		})
	}
	t.Run("sqlc configuration", func(t *testing.T) {
		cfg := outsideFile(t, "sqlc.yaml", "version: \"2\"\nsql:\n  - schema: \"own.sql\"\n    queries: q.sql\n    engine: postgresql\n")
		root := module(t, map[string]string{"db/own.sql": "CREATE TABLE own (id int PRIMARY KEY);"})
		link(t, cfg, filepath.Join(root, "db", "sqlc.yaml"))
		cat, err := schema.Load(root, filepath.Join(root, "db"), schema.Options{Discover: true})
		if err != nil {
			t.Fatal(err)
		}
		if !warned(cat, "sqlc.yaml", "outside the module") {
			t.Errorf("no warning about the linked sqlc.yaml: %v", cat.Warnings)
		}
	})
	t.Run("-schema names it", func(t *testing.T) {
		root := module(t, map[string]string{})
		link(t, secret, filepath.Join(root, "passwd.sql"))
		cat, err := schema.Load(root, root, schema.Options{Paths: []string{filepath.Join(root, "passwd.sql")}})
		if err != nil || cat.Table("secret") == nil {
			t.Errorf("-schema naming a link: %v, %s", err, tables(cat))
		}
	})
}

// TestNotRegular puts a named pipe where a schema file would be: reading
// it would block forever; it is skipped with a warning.
func TestNotRegular(t *testing.T) {
	root := module(t, map[string]string{"own.sql": "CREATE TABLE own (id int PRIMARY KEY);"})
	if err := syscall.Mkfifo(filepath.Join(root, "pipe.sql"), 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	cat, err := schema.Load(root, root, schema.Options{Discover: true})
	if err != nil {
		t.Fatal(err)
	}
	if cat.Table("own") == nil || !warned(cat, "pipe.sql", "not a regular file") {
		t.Errorf("catalog %s, warnings %v", tables(cat), cat.Warnings)
	}
}

// TestBrokenConfigs: a sqlc configuration of random bytes, one without a
// schema entry, and entries naming a missing file or a file outside the
// module each yield a warning at the entry's own line.
func TestBrokenConfigs(t *testing.T) {
	outside := outsideFile(t, "x.sql", "CREATE TABLE x (id int PRIMARY KEY);")
	for _, tc := range []struct {
		name, file, content string
		line                int
		want                string
	}{
		{"random bytes", "sqlc.yaml", "\x89\xfe\x00\x13garbage\xff", 1, "not text"},
		{"no schema entry", "sqlc.yaml", "version: \"2\"\nsql:\n  - engine: postgresql\n    queries: q.sql\n", 1, "no schema entry"},
		{"missing file", "sqlc.yaml", "version: \"2\"\nsql:\n  - engine: postgresql\n    queries: q.sql\n    schema: \"missing.sql\"\n", 5, "missing.sql does not exist"},
		{"missing in a block list", "sqlc.yaml", "version: \"2\"\nsql:\n  - engine: postgresql\n    schema:\n      - own.sql\n      - gone.sql\n", 6, "gone.sql does not exist"},
		{"outside", "sqlc.yaml", "version: \"2\"\nsql:\n  - engine: postgresql\n\n    schema: \"" + outside + "\"\n", 5, "outside the module"},
		{"json missing", "sqlc.json", "{\n  \"version\": \"2\",\n  \"sql\": [\n    {\"schema\": \"nope.sql\"}\n  ]\n}\n", 4, "nope.sql does not exist"},
		{"json broken", "sqlc.json", "{\n  \"version\": \"2\",\n  \"sql\": [\n", 4, "not valid JSON"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := module(t, map[string]string{tc.file: tc.content, "own.sql": "CREATE TABLE own (id int PRIMARY KEY);"})
			cat, err := schema.Load(root, root, schema.Options{Discover: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range cat.Warnings {
				if strings.HasSuffix(w.File, tc.file) && strings.Contains(w.Message, tc.want) {
					if w.Line != tc.line {
						t.Errorf("warning %s at line %d, want %d", w, w.Line, tc.line)
					}
					return
				}
			}
			t.Errorf("no warning %q: %v", tc.want, cat.Warnings)
		})
	}
}

// TestLargeFileCapped reads a schema file over the cap: the DDL at its
// start is read, and a warning says the rest was not.
func TestLargeFileCapped(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 33 MiB file")
	}
	var b strings.Builder
	b.WriteString("CREATE TABLE first (id int PRIMARY KEY);\n")
	row := "INSERT INTO first (id) VALUES (1);\n"
	for b.Len() < 33<<20 {
		b.WriteString(row)
	}
	root := module(t, map[string]string{"dump.sql": b.String()})
	cat, err := schema.Load(root, root, schema.Options{Discover: true})
	if err != nil {
		t.Fatal(err)
	}
	if cat.Table("first") == nil || !warned(cat, "dump.sql", "only the first 32 MiB") {
		t.Errorf("catalog %s, warnings %v", tables(cat), cat.Warnings)
	}
}

// BenchmarkSchemaSize reads schema files of 1, 2, 4 and 8 MiB (a table
// every few lines, rows between them): ns/op grows linearly with the size
// (it grew four-fold per doubling when every statement's line was counted
// from the start of the file).
func BenchmarkSchemaSize(b *testing.B) {
	for _, mib := range []int{1, 2, 4, 8} {
		var sb strings.Builder
		for i := 0; sb.Len() < mib<<20; i++ {
			fmt.Fprintf(&sb, "CREATE TABLE t%d (id bigint PRIMARY KEY, email text NOT NULL UNIQUE, n int);\n", i)
			for j := 0; j < 20; j++ {
				fmt.Fprintf(&sb, "INSERT INTO t%d (id, email, n) VALUES (%d, 'u%d@example.com', %d);\n", i, j, j, j)
			}
		}
		dir := b.TempDir()
		file := filepath.Join(dir, "dump.sql")
		os.WriteFile(file, []byte(sb.String()), 0o644)
		b.Run(fmt.Sprintf("%dMiB", mib), func(b *testing.B) {
			b.SetBytes(int64(sb.Len()))
			for range b.N {
				// A fresh root each time: Load caches by root.
				root := filepath.Join(b.TempDir(), "m")
				os.MkdirAll(root, 0o755)
				os.WriteFile(filepath.Join(root, "go.mod"), []byte("module m\n"), 0o644)
				os.Link(file, filepath.Join(root, "dump.sql"))
				if _, err := schema.Load(root, root, schema.Options{Discover: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
