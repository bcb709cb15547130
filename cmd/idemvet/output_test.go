package main_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/internal/vettest"
)

// outputModule has a lost update (error) and a check-then-insert of a
// UNIQUE key (checkfindinsert unhandled, warning) in out.go, and the same
// lost update in a test helper, out_test.go.
func outputModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write(t, filepath.Join(dir, "go.mod"), "module out\n\ngo 1.26\n")
	write(t, filepath.Join(dir, "schema.sql"), "CREATE TABLE users (id bigserial PRIMARY KEY, email text NOT NULL UNIQUE);\n")
	write(t, filepath.Join(dir, "out.go"), `package out

import (
	"context"
	"database/sql"
	"errors"
)

func View(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id)
}

func Register(ctx context.Context, db *sql.DB, email string) error {
	var id int64
	if err := db.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id); err == nil {
		return errors.New("taken")
	}
	_, err := db.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email)
	return err
}
`)
	write(t, filepath.Join(dir, "out_test.go"), `package out

import (
	"context"
	"database/sql"
	"testing"
)

func bump(ctx context.Context, db *sql.DB, id int64) {
	var likes int
	db.QueryRowContext(ctx, "SELECT likes FROM posts WHERE id = $1", id).Scan(&likes)
	db.ExecContext(ctx, "UPDATE posts SET likes = $1 WHERE id = $2", likes+1, id)
}

func TestBump(t *testing.T) {
	t.Parallel() // runs beside the package's other tests: the helper's lost update is concurrent
	bump(context.Background(), nil, 1)
}
`)
	return dir
}

// findingLines returns the lines of a text output that are findings (not
// related information, which is indented), by file.
func findingLines(out string) map[string][]string {
	got := map[string][]string{}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, ": \t") {
			continue
		}
		for _, f := range []string{"out.go", "out_test.go"} {
			if strings.Contains(line, "/"+f+":") || strings.HasPrefix(line, f+":") || strings.HasPrefix(line, "./"+f+":") {
				got[f] = append(got[f], line)
			}
		}
	}
	return got
}

// TestTextOutput checks the text output of both front ends: each finding
// once (its file belongs to the package and to its test variant), on one
// line ending with the analyzer, category and severity, its related
// information on lines of their own saying what they are; no finding in
// _test.go files unless -testfiles.
func TestTextOutput(t *testing.T) {
	t.Parallel()
	dir := outputModule(t)
	for _, tc := range []struct {
		name string
		run  func(args ...string) (string, int)
	}{
		{"standalone", func(args ...string) (string, int) {
			return run(t, dir, binary, append(args, "./...")...)
		}},
		{"go vet", func(args ...string) (string, int) {
			return runCmd(t, vettest.GoVet(dir, binary, append(args, "./...")...))
		}},
	} {
		out, code := tc.run()
		if code == 0 {
			t.Errorf("%s: exit 0 with findings", tc.name)
		}
		got := findingLines(out)
		if len(got["out.go"]) != 2 || len(got["out_test.go"]) != 0 {
			t.Errorf("%s: want 2 findings in out.go and none in out_test.go, got:\n%s", tc.name, out)
		}
		for _, want := range []string{
			"lost update on posts.view_count",
			"in the same transaction (lostupdate, error)\n",
			"handle the unique violation or use INSERT ... ON CONFLICT DO NOTHING (checkfindinsert.unhandled, warning)\n",
			": \trelated: the read of posts.view_count\n",
			": \trelated: the lookup that decides this insert\n",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: output lacks %q:\n%s", tc.name, want, out)
			}
		}
		out, _ = tc.run("-testfiles")
		if got := findingLines(out); len(got["out_test.go"]) != 1 || len(got["out.go"]) != 2 {
			t.Errorf("%s -testfiles: want the finding in out_test.go too, got:\n%s", tc.name, out)
		}
		out, _ = tc.run("-checkfindinsert.unhandled=false")
		if got := findingLines(out); len(got["out.go"]) != 1 || strings.Contains(out, "check-then-insert") {
			t.Errorf("%s -checkfindinsert.unhandled=false: want only the lost update, got:\n%s", tc.name, out)
		}
	}
}

// TestJSONSeverity checks idemvet -json: each diagnostic has its severity,
// its message has no tag (JSON has fields for it), and a finding appears
// once in the tree, under the package rather than its test variant too.
func TestJSONSeverity(t *testing.T) {
	t.Parallel()
	dir := outputModule(t)
	out, _ := run(t, dir, binary, "-json", "./...")
	var tree map[string]map[string][]struct {
		Category, Severity, Message string
	}
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	want := map[string]string{"lostupdate": "error", "checkfindinsert": "warning"}
	n := 0
	for id, byAnalyzer := range tree {
		for name, diags := range byAnalyzer {
			for _, d := range diags {
				n++
				if d.Severity != want[name] || strings.HasSuffix(d.Message, ")") {
					t.Errorf("%s %s: severity %q, message %q", id, name, d.Severity, d.Message)
				}
			}
		}
	}
	if n != 2 {
		t.Errorf("%d diagnostics in the tree, want 2 (each once):\n%s", n, out)
	}
}
