package oracle

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/passes/sqltext"
	pg "github.com/pganalyze/pg_query_go/v6"
	_ "github.com/riverqueue/river/riverdriver/riverpgxv5" // keeps river's module, whose migrations are read at test time
	_ "github.com/sqlc-dev/sqlc"                           // keeps sqlc's module, whose .sql files are read at test time
)

type input struct {
	dialect dialect
	text    string
}

type corpus struct {
	group  string
	inputs []input
}

// loadCorpora gathers the statements: our own (testdata and generated),
// and, read from the module cache at test time, the .sql files of sqlc, the
// PostgreSQL migrations and schema of river (a job queue: real-world DDL
// with partial unique indexes, functions and triggers), the test cases of
// TiDB's parser and pg_query's fingerprint tests.
func loadCorpora(t *testing.T) []corpus {
	own := corpus{group: "own"}
	for _, f := range []struct {
		name string
		d    dialect
	}{{"testdata/pg.sql", postgres}, {"testdata/mysql.sql", mysql},
		{"testdata/pg_ddl.sql", postgres}, {"testdata/mysql_ddl.sql", mysql}} {
		b, err := os.ReadFile(f.name)
		if err != nil {
			t.Fatal(err)
		}
		own.inputs = append(own.inputs, splitScript(string(b), f.d)...)
	}
	own.inputs = append(own.inputs, generated()...)
	own.inputs = append(own.inputs, generatedDDL()...)

	sqlc := corpus{group: "sqlc"}
	dir := moduleDir(t, "github.com/sqlc-dev/sqlc")
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".sql") {
			return nil
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, dir))
		var dl dialect
		switch {
		case strings.Contains(rel, "sqlite"):
			// No real parser for SQLite here; its statements are left out.
			return nil
		case strings.Contains(rel, "mysql"):
			dl = mysql
		default:
			dl = postgres
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sqlc.inputs = append(sqlc.inputs, splitScript(string(b), dl)...)
		return nil
	})

	river := corpus{group: "river"}
	rdir := moduleDir(t, "github.com/riverqueue/river/riverdriver/riverpgxv5")
	filepath.WalkDir(rdir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".sql") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		river.inputs = append(river.inputs, splitScript(string(b), postgres)...)
		return nil
	})

	pgq := corpus{group: "pg_query"}
	b, err := os.ReadFile(filepath.Join(moduleDir(t, "github.com/pganalyze/pg_query_go/v6"), "testdata", "fingerprint.json"))
	if err != nil {
		t.Fatal(err)
	}
	var fps []struct{ Input string }
	if err := json.Unmarshal(b, &fps); err != nil {
		t.Fatal(err)
	}
	for _, fp := range fps {
		pgq.inputs = append(pgq.inputs, input{postgres, fp.Input})
	}

	tidb := corpus{group: "tidb"}
	for _, s := range tidbCases(t, filepath.Join(moduleDir(t, "github.com/pingcap/tidb/pkg/parser"), "parser_test.go")) {
		tidb.inputs = append(tidb.inputs, input{mysql, s})
	}
	return []corpus{own, sqlc, river, pgq, tidb}
}

// moduleDir returns the directory of a required module in the module cache.
func moduleDir(t *testing.T, mod string) string {
	out, err := exec.Command("go", "list", "-m", "-json", mod).Output()
	if err != nil {
		t.Fatalf("go list -m %s: %v", mod, err)
	}
	var m struct{ Dir string }
	if err := json.Unmarshal(out, &m); err != nil || m.Dir == "" {
		t.Fatalf("go list -m %s: no directory (run go mod download)", mod)
	}
	return m.Dir
}

// splitScript splits a script into statements. For PostgreSQL, pg_query's
// scanner splits; for MySQL, the scanner under test does (TiDB then decides
// whether each piece is a statement).
func splitScript(text string, d dialect) []input {
	var out []input
	if d == postgres {
		parts, err := pg.SplitWithScanner(text, true)
		if err == nil {
			for _, p := range parts {
				out = append(out, input{d, p})
			}
			return out
		}
	}
	for _, st := range sqltext.ParseAll(text) {
		out = append(out, input{d, st.Text})
	}
	return out
}

// tidbCases returns the statements of TiDB's parser tests that the tests
// expect to parse: the src of each {src, true, restore} test case.
func tidbCases(t *testing.T, path string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		cl, ok := n.(*ast.CompositeLit)
		if !ok || len(cl.Elts) != 3 {
			return true
		}
		lit, ok := cl.Elts[0].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		if id, ok := cl.Elts[1].(*ast.Ident); !ok || id.Name != "true" {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil || strings.TrimSpace(s) == "" || seen[s] {
			return true
		}
		seen[s] = true
		out = append(out, s)
		return true
	})
	return out
}
