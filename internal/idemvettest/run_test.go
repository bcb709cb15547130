package idemvettest

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/packages"
)

// recorder is a reporter that keeps what a run reports.
type recorder struct{ errs []string }

func (r *recorder) Helper()                      {}
func (r *recorder) Log(...any)                   {}
func (r *recorder) Errorf(f string, args ...any) { r.errs = append(r.errs, fmt.Sprintf(f, args...)) }

type markFact struct{ Name string }

func (*markFact) AFact()           {}
func (f *markFact) String() string { return "mark " + f.Name }

// marker reports every call of a function named Hit and marks every
// function whose name starts with Mark with a fact.
var marker = &analysis.Analyzer{
	Name:      "marker",
	Doc:       "test analyzer of the harness",
	Requires:  []*analysis.Analyzer{inspect.Analyzer},
	FactTypes: []analysis.Fact{new(markFact)},
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "Hit" {
						pass.Reportf(n.Pos(), "call of Hit here")
					}
				case *ast.FuncDecl:
					if strings.HasPrefix(n.Name.Name, "Mark") {
						pass.ExportObjectFact(pass.TypesInfo.Defs[n.Name], &markFact{n.Name.Name})
					}
				}
				return true
			})
		}
		return nil, nil
	},
}

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		path := filepath.Join(dir, "src", name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestWants checks that run holds the analyzer's diagnostics and facts to
// the "// want" comments as analysistest does: every finding needs a
// matching expectation on its line (or N lines above, with +N), every
// expectation needs its finding.
func TestWants(t *testing.T) {
	dir := writeTree(t, map[string]string{"w/w.go": `package w

import "net/http"

func Hit() {}

func MarkA() {} // want MarkA:"mark MarkA"

func MarkB() {} // want MarkB:"mark A"

func F(c *http.Client) {
	Hit() // want "call of Hit"
	Hit() // want "call of Miss"
	Hit()
	// want +1 "call of Hit"
	Hit()
	_ = 1 // want "never reported"
	Hit(); Hit() // want "call of Hit" "call of Hit"
}
`})
	var r recorder
	res := run(&r, dir, marker, "w")
	if len(res) != 1 {
		t.Fatalf("%d results, want 1", len(res))
	}
	want := []string{
		`w/w.go:9:6: fact "mark MarkB" does not match pattern ` + "`mark A`",
		`w/w.go:13:2: diagnostic "call of Hit here" does not match pattern ` + "`call of Miss`",
		`w/w.go:14:2: unexpected diagnostic: call of Hit here`,
		"w/w.go:13: no diagnostic was reported matching `call of Miss`",
		"w/w.go:17: no diagnostic was reported matching `never reported`",
		"w/w.go:9: no fact was reported matching `mark A`",
	}
	got := slices.Clone(r.errs)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("run reported\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// TestStripped checks that the standard library and the described
// libraries are loaded without function bodies and without the errors
// that makes, while the code under test keeps its bodies.
func TestStripped(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"gorm.io/gorm/gorm.go": "package gorm\n\nimport \"strings\"\n\ntype DB struct{}\n\nfunc (db *DB) Where(q string) *DB { _ = strings.ToUpper(q); return db }\n",
		"app/app.go":           "package app\n\nimport (\n\t\"net/http\"\n\n\t\"gorm.io/gorm\"\n)\n\nfunc Get(db *gorm.DB) (*http.Response, error) { db.Where(\"x\"); return http.Get(\"http://example.com\") }\n",
	})
	pkgs, err := load(dir, []string{"app"})
	if err != nil {
		t.Fatal(err)
	}
	bodies := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.IllTyped || len(p.Errors) > 0 {
			t.Errorf("%s: ill-typed %v: %v", p.PkgPath, p.IllTyped, p.Errors)
		}
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					bodies[p.PkgPath] = true
				}
			}
		}
	})
	for path, want := range map[string]bool{"app": true, "gorm.io/gorm": false, "net/http": false, "strings": false} {
		if bodies[path] != want {
			t.Errorf("%s has function bodies: %v, want %v", path, bodies[path], want)
		}
	}
	if obj := pkgs[0].Imports["net/http"].Types.Scope().Lookup("Get"); obj == nil || obj.Type().(*types.Signature).Results().Len() != 2 {
		t.Errorf("net/http.Get is not declared as in the library: %v", obj)
	}
}
