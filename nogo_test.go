package idemvet_test

import (
	"go/types"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/packages"

	"github.com/idemvet/idemvet"
	"github.com/idemvet/idemvet/lostupdate"
	"github.com/idemvet/idemvet/passes/config"
)

// TestNogoShape checks what Bazel's nogo needs of an analyzer library: each
// checker, and passes/config whose flags nogo's analyzer_flags set, is its
// own package exporting var Analyzer *analysis.Analyzer named like the
// analyzer (nogo's config is keyed by that name).
func TestNogoShape(t *testing.T) {
	paths := map[string]string{"github.com/idemvet/idemvet/passes/config": config.Analyzer.Name}
	for _, a := range idemvet.Suite {
		paths["github.com/idemvet/idemvet/"+a.Name] = a.Name
	}
	var patterns []string
	for p := range paths {
		patterns = append(patterns, p)
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != len(paths) {
		t.Fatalf("loaded %d packages, want %d", len(pkgs), len(paths))
	}
	for _, pkg := range pkgs {
		v, ok := pkg.Types.Scope().Lookup("Analyzer").(*types.Var)
		if !ok || !v.Exported() || types.TypeString(v.Type(), nil) != "*golang.org/x/tools/go/analysis.Analyzer" {
			t.Errorf("%s does not export var Analyzer *analysis.Analyzer", pkg.PkgPath)
		}
	}
	for _, flag := range []string{"schema", "discover"} {
		if config.Analyzer.Flags.Lookup(flag) == nil {
			t.Errorf("%s has no flag %q for nogo's analyzer_flags", config.Analyzer.Name, flag)
		}
	}
}

// TestNogoSandbox runs a checker the way a nogo action sees a package: its
// source files alone (no go.mod, no sqlc.yaml, no migrations), with
// idemvet_config's flags set by name as nogo's analyzer_flags are. Schema
// discovery finds nothing and the checker still reports.
func TestNogoSandbox(t *testing.T) {
	for _, f := range []struct{ name, value string }{{"discover", "true"}, {"discover", "false"}} {
		t.Run(f.name+"="+f.value, func(t *testing.T) {
			fl := config.Analyzer.Flags.Lookup(f.name)
			old := fl.Value.String()
			t.Cleanup(func() { fl.Value.Set(old) })
			if err := config.Analyzer.Flags.Set(f.name, f.value); err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			src := filepath.Join(dir, "src", "sandbox")
			if err := os.MkdirAll(src, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(src, "sandbox.go"), []byte(`package sandbox

import (
	"context"
	"database/sql"
)

func View(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id) // want `+"`lost update on posts.view_count`"+`
}
`), 0o644); err != nil {
				t.Fatal(err)
			}
			res := analysistest.Run(t, dir, lostupdate.Analyzer, "sandbox")
			for _, r := range res {
				if r.Err != nil {
					t.Errorf("%v", r.Err)
				}
			}
		})
	}
}
