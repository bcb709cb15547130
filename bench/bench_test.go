// Package bench holds idemvet's benchmarks: this file's go test
// benchmarks, and the commands gen (a synthetic module), run (idemvet beside
// go vet, a no-op floor and staticcheck), noop and stock (the tools run
// measures). See the README's Performance section.
package bench

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/idemvet/idemvet"
)

// load loads the end-to-end module (testdata/e2e) with every dependency
// from source, as the standalone driver does for analyzers with facts.
func load(b *testing.B) []*packages.Package {
	b.Helper()
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: filepath.Join("..", "testdata", "e2e"), Tests: true}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		b.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		b.Fatal("the end-to-end module does not load")
	}
	return pkgs
}

func analyze(b *testing.B, analyzers []*analysis.Analyzer, pkgs []*packages.Package) {
	b.Helper()
	graph, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		b.Fatal(err)
	}
	if len(graph.Roots) == 0 {
		b.Fatal("nothing analyzed")
	}
}

// BenchmarkSuite runs idemvet's suite over the end-to-end module and all
// its dependencies (standard library, pgx, gorm, sqlx, gRPC, ...), loaded
// once: the analysis itself, without loading and type-checking.
func BenchmarkSuite(b *testing.B) {
	pkgs := load(b)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		analyze(b, idemvet.Suite, pkgs)
	}
}

// BenchmarkAnalyzer runs each analyzer of the suite alone (with what it
// requires) over the same packages, to tell the checkers' costs apart.
func BenchmarkAnalyzer(b *testing.B) {
	pkgs := load(b)
	for _, a := range idemvet.Suite {
		b.Run(a.Name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				analyze(b, []*analysis.Analyzer{a}, pkgs)
			}
		})
	}
}

// BenchmarkPackage runs the suite over each package of the end-to-end
// module (not its test variants) with what it imports, one sub-benchmark per
// package, so a change that makes one kind of code slower (a store on
// gorm, a gRPC client, sqlc's generated queries) shows up by name:
//
//	go test -run '^$' -bench Package -benchtime 3x ./bench
func BenchmarkPackage(b *testing.B) {
	pkgs := load(b)
	for _, p := range pkgs {
		if p.ForTest != "" || strings.HasSuffix(p.PkgPath, ".test") || len(p.Syntax) == 0 {
			continue // the test variants: the package itself is measured
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p.PkgPath, "github.com/idemvet/idemvet/testdata/e2e"), "/")
		if rel == "" {
			rel = "."
		}
		b.Run(rel, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				analyze(b, idemvet.Suite, []*packages.Package{p})
			}
		})
	}
}
