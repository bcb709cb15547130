package main_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/internal/vettest"
)

// command returns the command name args, run in dir.
func command(dir, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	return cmd
}

// fixModule is a module with one lost update whose suggested fix rewrites
// the SQL and the argument, and one stale directive whose fix removes it.
const fixModule = `package fixmod

import (
	"context"
	"database/sql"
)

func View(ctx context.Context, db *sql.DB, id int64) error {
	var views int
	if err := db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id)
	return err
}

func Atomic(ctx context.Context, db *sql.DB, id int64) error {
	//idemvet:ignore lostupdate the update was made atomic since
	_, err := db.ExecContext(ctx, "UPDATE posts SET view_count = view_count + 1 WHERE id = $1", id)
	return err
}
`

// fixedModule is fixModule after its fixes.
var fixedModule = strings.NewReplacer(
	`"UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id)`,
	`"UPDATE posts SET view_count = view_count + $1 WHERE id = $2", 1, id)`,
	"\t//idemvet:ignore lostupdate the update was made atomic since\n", "",
).Replace(fixModule)

func newFixModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write(t, filepath.Join(dir, "go.mod"), "module fixmod\n\ngo 1.26\n")
	write(t, filepath.Join(dir, "fix.go"), fixModule)
	return dir
}

// TestFix applies the suggested fixes through every front end that can:
// idemvet -fix, go vet -vettool -fix and go fix -fixtool (Go 1.26).
func TestFix(t *testing.T) {
	t.Parallel()
	if fixedModule == fixModule {
		t.Fatal("the test's replacements do not match its module")
	}
	for _, tc := range []struct {
		name string
		cmd  func(dir string) *exec.Cmd
	}{
		{"standalone", func(dir string) *exec.Cmd { return command(dir, binary, "-fix", "./...") }},
		{"go vet", func(dir string) *exec.Cmd { return vettest.GoVet(dir, binary, "-fix", "./...") }},
		{"go fix", func(dir string) *exec.Cmd { return vettest.GoFix(dir, binary, "./...") }},
	} {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			dir := newFixModule(t)
			cmd := tc.cmd(dir)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, out)
			}
			got, err := os.ReadFile(filepath.Join(dir, "fix.go"))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != fixedModule {
				t.Errorf("%s left:\n%s\nwant:\n%s", tc.name, got, fixedModule)
			}
		})
	}
}

// TestDiff shows the fixes as a unified diff without applying them:
// idemvet -fix -diff, and go vet -fix -diff (which exits non-zero when the
// diff is not empty).
func TestDiff(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		cmd  func(dir string) *exec.Cmd
	}{
		{"standalone", func(dir string) *exec.Cmd { return command(dir, binary, "-fix", "-diff", "./...") }},
		{"go vet", func(dir string) *exec.Cmd { return vettest.GoVet(dir, binary, "-fix", "-diff", "./...") }},
		{"go fix", func(dir string) *exec.Cmd { return vettest.GoFix(dir, binary, "-diff", "./...") }},
	} {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			dir := newFixModule(t)
			cmd := tc.cmd(dir)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			cmd.Run()
			for _, want := range []string{
				`-	_, err := db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id)`,
				`+	_, err := db.ExecContext(ctx, "UPDATE posts SET view_count = view_count + $1 WHERE id = $2", 1, id)`,
				`-	//idemvet:ignore lostupdate the update was made atomic since`,
			} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("%s: output lacks %q:\n%s", tc.name, want, out.String())
				}
			}
			if got, _ := os.ReadFile(filepath.Join(dir, "fix.go")); string(got) != fixModule {
				t.Errorf("%s -diff changed the file", tc.name)
			}
		})
	}
}
