package main_test

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/internal/vettest"
)

// TestDirectives checks suppression in both front ends of the command:
// standalone and under go vet -vettool, a directive with a reason
// suppresses its finding, a stale one and one without a reason are
// reported.
func TestDirectives(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write(t, filepath.Join(dir, "go.mod"), "module directives\n\ngo 1.26\n")
	write(t, filepath.Join(dir, "d.go"), `package directives

import (
	"context"
	"database/sql"
)

func Suppressed(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	//idemvet:ignore lostupdate views are approximate
	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id)
}

func NoReason(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	//idemvet:ignore lostupdate
	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id)
}

func Stale(ctx context.Context, db *sql.DB, id int64) {
	//idemvet:ignore lostupdate,noversion fixed since
	db.ExecContext(ctx, "UPDATE posts SET view_count = view_count + 1 WHERE id = $1", id)
}
`)
	want := []string{
		"d.go:18:2: malformed idemvet:ignore directive: the reason is missing; write //idemvet:ignore lostupdate <reason>",
		"d.go:19:16: lost update on posts.view_count",
		"d.go:23:2: this idemvet:ignore directive for lostupdate matched no finding; remove it",
		"d.go:23:2: this idemvet:ignore directive for noversion matched no finding; remove it",
	}
	for _, tc := range []struct {
		name string
		cmd  *exec.Cmd
	}{
		{"standalone", command(dir, binary, "./...")},
		{"go vet", vettest.GoVet(dir, binary, "./...")},
	} {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			cmd := tc.cmd
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Run(); err == nil {
				t.Errorf("%s exited 0 with findings", tc.name)
			}
			var got []string
			for _, line := range strings.Split(out.String(), "\n") {
				if i := strings.Index(line, "d.go:"); i >= 0 && !strings.Contains(line, ": \t") {
					got = append(got, line[i:])
				}
			}
			if len(got) != len(want) {
				t.Errorf("%s reported %d lines, want %d:\n%s", tc.name, len(got), len(want), out.String())
			}
			for _, w := range want {
				found := false
				for _, g := range got {
					found = found || strings.HasPrefix(g, w)
				}
				if !found {
					t.Errorf("%s: missing %q in:\n%s", tc.name, w, out.String())
				}
			}
		})
	}
}
