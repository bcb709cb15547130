package schema

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestWalkModule: one walk finds what readGo and sqlcConfigsIn each
// walked for: Go files (no tests) outside _* directories, sqlc
// configurations at most four directories deep, neither in vendor,
// testdata, node_modules, hidden directories or nested modules; a link is
// not followed and is marked as not regular.
func TestWalkModule(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{
		"main.go", "main_test.go", "sqlc.yaml",
		"a/b/c/d/sqlc.yaml", "a/b/c/d/e/sqlc.yml", "a/b/c/d/e/deep.go",
		"_tools/sqlc.json", "_tools/gen.go",
		"vendor/v.go", "testdata/t.go", "node_modules/n.go", ".git/h.go",
		"nested/go.mod", "nested/n.go", "nested/sqlc.yaml",
		"db/sqlc.yaml", "db/q.go",
	} {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("package x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "db"), filepath.Join(root, "linkdir")); err != nil {
		t.Skip(err)
	}
	if err := os.Symlink(filepath.Join(root, "main.go"), filepath.Join(root, "z.go")); err != nil {
		t.Fatal(err)
	}
	mf := walkModule(root)
	j := func(s string) string { return filepath.Join(root, s) }
	wantGo := []goFile{{j("a/b/c/d/e/deep.go"), true}, {j("db/q.go"), true}, {j("main.go"), true}, {j("z.go"), false}}
	if !reflect.DeepEqual(mf.goFiles, wantGo) {
		t.Errorf("go files:\n got %v\nwant %v", mf.goFiles, wantGo)
	}
	wantCfg := [][2]string{{j("_tools"), j("_tools/sqlc.json")}, {j("a/b/c/d"), j("a/b/c/d/sqlc.yaml")}, {j("db"), j("db/sqlc.yaml")}, {root, j("sqlc.yaml")}}
	if !reflect.DeepEqual(mf.sqlcConfigs, wantCfg) {
		t.Errorf("sqlc configurations:\n got %v\nwant %v", mf.sqlcConfigs, wantCfg)
	}
}

// TestHasDDLWord: the one-pass test agrees with containsFold of each word.
func TestHasDDLWord(t *testing.T) {
	for _, s := range []string{
		"", "c", "create", "x CREATE TABLE y", "Create Unique Index i", "ALTER  TABLE", "alter table",
		"createtable", "create unique", "CREATE INDEX", "acreate table", "a\x00create table", "create\x00table",
	} {
		want := containsFold([]byte(s), "create table") || containsFold([]byte(s), "create unique index") || containsFold([]byte(s), "alter table")
		if got := hasDDLWord([]byte(s)); got != want {
			t.Errorf("%q: %v, containsFold %v", s, got, want)
		}
	}
}

// TestModuleIndex: the index keeps the Go files readGo applies (DDL, an
// embed directive, ent's schema) and the sqlc configurations; an index
// seeded from a fact replaces the reads of the module's other files, and
// a seeded file that is now a link out of the module is not read.
func TestModuleIndex(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	write := func(dir, f, text string) string {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ddl := write(root, "migrations/up.go", "package m\nconst up = `CREATE TABLE a (id int PRIMARY KEY, k text UNIQUE)`\n")
	embed := write(root, "db/embed.go", "package db\n//go:embed schema.sql\nvar s string\n")
	write(root, "db/schema.sql", "CREATE TABLE b (id int PRIMARY KEY);\n")
	write(root, "handler/h.go", "package handler\nfunc H() {}\n")
	cfg := write(root, "sqlc.yaml", "version: \"2\"\n")
	idx := moduleIndex(root)
	var got []string
	for _, g := range idx.goFiles {
		got = append(got, g.path)
	}
	if want := []string{embed, ddl}; !reflect.DeepEqual(got, want) {
		t.Errorf("index Go files %v, want %v", got, want)
	}
	if want := [][2]string{{root, cfg}}; !reflect.DeepEqual(idx.sqlcConfigs, want) {
		t.Errorf("index sqlc configurations %v, want %v", idx.sqlcConfigs, want)
	}

	// Another module, seeded: only the files named are read, so DDL in a
	// file the index leaves out is not applied, and a link is checked.
	other := t.TempDir()
	named := write(other, "m/named.go", "package m\nconst up = `CREATE TABLE named (id int PRIMARY KEY)`\n")
	write(other, "m/unnamed.go", "package m\nconst up = `CREATE TABLE unnamed (id int PRIMARY KEY)`\n")
	target := write(outside, "evil.go", "package m\nconst up = `CREATE TABLE evil (id int PRIMARY KEY)`\n")
	link := filepath.Join(other, "m", "link.go")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symlinks:", err)
	}
	seedModuleIndex(other, []string{link, named}, nil)
	cat := &Catalog{root: other}
	cat.readGo(other, map[string]bool{})
	if cat.Table("named") == nil || cat.Table("unnamed") != nil || cat.Table("evil") != nil {
		t.Errorf("seeded index: tables %v, want named alone", cat.Tables())
	}
}
