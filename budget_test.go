package idemvet_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet"
	"github.com/idemvet/idemvet/passes/config"
	"github.com/idemvet/idemvet/passes/dbcall"
)

// bigFunc writes a package whose function Sync has n cases in a loop, each
// a read, an insert or an update with its errors wrapped, returned or kept
// for later, and a query built piece by piece: the variables merged at the
// loop header (phis of n edges) and after each case's branches make
// thousands of phis, chained from case to case, and the function has 3n
// returns. Walks over such a function that
// follow phi edges without a visited set take exponential time (as on
// temporal's service/history/ndc).
func bigFunc(n int) string {
	var b strings.Builder
	b.WriteString(`package big

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

func Sync(ctx context.Context, db *sql.DB, ids []int64) (int, error) {
	var err, last error
	var views int
	var res sql.Result
	var tag string
	n := 0
	q := "UPDATE posts SET view_count = $1"
	for _, id := range ids {
		switch id % ` + fmt.Sprint(n) + ` {
`)
	for i := range n {
		fmt.Fprintf(&b, `		case %[1]d:
			err = db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
			if errors.Is(err, sql.ErrNoRows) {
				if _, err = db.ExecContext(ctx, "INSERT INTO posts (id, view_count) VALUES ($1, 0)", id); err != nil {
					return n, fmt.Errorf("case %[1]d: %%w", err)
				}
				continue
			}
			if err != nil {
				return n, err
			}
			if views > %[1]d {
				q += ", hot = true"
				tag = "hot"
				n++
			} else {
				tag = "cold"
				last = err
			}
			res, err = db.ExecContext(ctx, q+" WHERE id = $2 AND tag = $3", views+1, id, tag)
			if err != nil {
				last = fmt.Errorf("case %[1]d: %%w", err)
				continue
			}
			if k, err := res.RowsAffected(); err != nil || k == 0 {
				return n, fmt.Errorf("case %[1]d: %%w", last)
			}
			n++
`, i)
	}
	b.WriteString(`		}
	}
	return n, last
}
`)
	return b.String()
}

// TestBudget runs the suite over a generated function of thousands of phis
// and returns: the analysis finishes (with a walk that follows phi edges
// without a visited set it does not, in any time a test can wait), the
// model keeps the function under the default budget, and it gives up on
// the function when the budget is small, so that nothing is reported in
// it.
func TestBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("analyzes a generated function of thousands of phis")
	}
	const cases = 300
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module big\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "big.go"), []byte(bigFunc(cases)), 0o644)
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir}, ".")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("loading the generated package: %v", err)
	}
	for _, tc := range []struct {
		budget int
		gaveUp bool
	}{
		{config.DefaultBudget, false},
		{5000, true},
	} {
		t.Run(fmt.Sprintf("budget=%d", tc.budget), func(t *testing.T) {
			setFlag(t, "budget", fmt.Sprint(tc.budget))
			// dbcall is a root too, so that its Result stays visible.
			graph, err := checker.Analyze(append([]*analysis.Analyzer{dbcall.Analyzer}, idemvet.Suite...), pkgs, nil)
			if err != nil {
				t.Fatal(err)
			}
			var gaveUp []string
			findings, accesses := 0, 0
			for act := range graph.All() {
				if act.Package.PkgPath != "big" {
					continue
				}
				if act.Err != nil {
					t.Errorf("%s: %v", act.Analyzer.Name, act.Err)
				}
				findings += len(act.Diagnostics)
				r, ok := act.Result.(*dbcall.Result)
				if !ok {
					continue
				}
				if r.Err != nil {
					t.Errorf("dbcall: %v", r.Err)
				}
				for _, fn := range r.GaveUp() {
					gaveUp = append(gaveUp, fn.String())
				}
				for _, fi := range r.Funcs {
					if fi.Fn.String() != "big.Sync" {
						continue
					}
					accesses = len(fi.Accesses)
					phis, rets := 0, 0
					for _, b := range fi.Fn.Blocks {
						for _, instr := range b.Instrs {
							switch instr.(type) {
							case *ssa.Phi:
								phis++
							case *ssa.Return:
								rets++
							}
						}
					}
					if phis < 1000 || rets < 3*cases {
						t.Errorf("big.Sync has %d phis and %d returns: the test lost its subject", phis, rets)
					}
				}
			}
			switch {
			case tc.gaveUp && (len(gaveUp) == 0 || gaveUp[0] != "big.Sync"):
				t.Errorf("the model did not give up on big.Sync over a budget of %d (gave up on %v)", tc.budget, gaveUp)
			case tc.gaveUp && (findings > 0 || accesses > 0):
				t.Errorf("%d findings and %d accesses in a function the model gave up on", findings, accesses)
			case !tc.gaveUp && len(gaveUp) > 0:
				t.Errorf("the model gave up on %v under the default budget", gaveUp)
			case !tc.gaveUp && accesses < 3*cases:
				t.Errorf("the model has %d accesses in big.Sync, want at least %d: the test lost its subject", accesses, 3*cases)
			}
		})
	}
}

// setFlag sets an idemvet_config flag for the test and restores it after.
func setFlag(t *testing.T, name, value string) {
	t.Helper()
	f := config.Analyzer.Flags.Lookup(name)
	old := f.Value.String()
	if err := f.Value.Set(value); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
}
