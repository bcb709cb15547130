package main_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/internal/vettest"
)

// TestSchemaFlag checks -schema standalone and through go vet: the same
// check-then-insert reads "no UNIQUE constraint covers the key" or "the
// UNIQUE constraint ... rejects" depending only on the schema named, and a
// missing schema path is an error naming it.
func TestSchemaFlag(t *testing.T) {
	t.Parallel()
	mod := t.TempDir()
	write(t, filepath.Join(mod, "go.mod"), "module m\n\ngo 1.26\n")
	write(t, filepath.Join(mod, "m.go"), `package m

import (
	"database/sql"
	"errors"
)

func Register(db *sql.DB, email string) error {
	var id int64
	if err := db.QueryRow("SELECT id FROM users WHERE email = $1", email).Scan(&id); err == nil {
		return errors.New("taken")
	}
	_, err := db.Exec("INSERT INTO users (email) VALUES ($1)", email)
	return err
}
`)
	elsewhere := t.TempDir()
	unique := filepath.Join(elsewhere, "unique.sql")
	write(t, unique, "CREATE TABLE users (id bigserial PRIMARY KEY, email text NOT NULL UNIQUE);")
	plain := filepath.Join(elsewhere, "plain.sql")
	write(t, plain, "CREATE TABLE users (id bigserial PRIMARY KEY, email text NOT NULL);")

	for _, tt := range []struct {
		schema, want string
	}{
		{unique, "the UNIQUE constraint users_email_key rejects a concurrent duplicate"},
		{plain, "no UNIQUE constraint covers the key"},
	} {
		out, _ := run(t, mod, binary, "-schema="+tt.schema, "./...")
		if !strings.Contains(out, tt.want) {
			t.Errorf("idemvet -schema=%s:\n%s\nwant %q", filepath.Base(tt.schema), out, tt.want)
		}
		out, _ = runCmd(t, vettest.GoVet(mod, binary, "-schema="+tt.schema, "./..."))
		if !strings.Contains(out, tt.want) {
			t.Errorf("go vet -schema=%s:\n%s\nwant %q", filepath.Base(tt.schema), out, tt.want)
		}
	}
	missing := filepath.Join(elsewhere, "missing.sql")
	out, code := run(t, mod, binary, "-schema="+missing, "./...")
	if code == 0 || !strings.Contains(out, missing) || strings.Count(out, "\n") > 4 {
		t.Errorf("missing schema: exit %d, output:\n%s\nwant an error naming %s, once", code, out, missing)
	}
	// Under go vet, which prints the checkers' errors only, the reason
	// reaches the user too.
	out, code = runCmd(t, vettest.GoVet(mod, binary, "-schema="+missing, "./..."))
	if code == 0 || !strings.Contains(out, missing+" does not exist") {
		t.Errorf("go vet, missing schema: exit %d, output:\n%s\nwant an error naming %s", code, out, missing)
	}
}

func run(t *testing.T, dir, name string, args ...string) (string, int) {
	t.Helper()
	return runCmd(t, command(dir, name, args...))
}

// runCmd runs cmd and returns its combined output and exit code.
func runCmd(t *testing.T, cmd *exec.Cmd) (string, int) {
	t.Helper()
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return string(out), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return string(out), 0
}
