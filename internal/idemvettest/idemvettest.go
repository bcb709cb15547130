// Package idemvettest runs analysistest over an analyzer's testdata with
// idemvet's shared stand-ins for database, HTTP and retry libraries
// overlaid at their real import paths, so every golden case sees the same
// API shapes and FullName-keyed tables stay honest.
package idemvettest

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/report"
)

// StandIns returns the directory of the shared stand-in GOPATH tree.
func StandIns() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "testdata")
}

// Run runs analysistest.Run for a over the packages pkgs of dir (a testdata
// directory holding src/), with the shared stand-ins added.
//
// Every finding's category must be graded in report.Grades: a checker
// reporting a category without a severity fails here.
func Run(t *testing.T, dir string, a *analysis.Analyzer, pkgs ...string) []*analysistest.Result {
	t.Helper()
	return graded(t, run(t, Merge(t, dir), a, pkgs...))
}

// RunWithSuggestedFixes is Run with the suggested fixes checked against
// .golden files.
func RunWithSuggestedFixes(t *testing.T, dir string, a *analysis.Analyzer, pkgs ...string) []*analysistest.Result {
	t.Helper()
	return graded(t, analysistest.RunWithSuggestedFixes(t, Merge(t, dir), a, pkgs...))
}

// graded checks that report.Grades gives every finding of a checker of the
// suite (an analyzer with a category) a severity.
func graded(t *testing.T, results []*analysistest.Result) []*analysistest.Result {
	t.Helper()
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if d.Category == "" {
				continue // the test-only analyzers of the passes
			}
			if _, ok := report.GradeOf(r.Action.Analyzer.Name, d.Category); !ok {
				t.Errorf("%s reports category %q, which report.Grades does not grade: add its line (analyzer, category, severity, meaning) there", r.Action.Analyzer.Name, d.Category)
			}
		}
	}
	return results
}

// Merge returns a temporary testdata directory whose src/ holds the shared
// stand-ins and, over them, dir's src/.
func Merge(t *testing.T, dir string) string {
	t.Helper()
	tmp := t.TempDir()
	for _, from := range []string{StandIns(), dir} {
		if err := copyTree(filepath.Join(from, "src"), filepath.Join(tmp, "src")); err != nil {
			t.Fatal(err)
		}
	}
	return tmp
}

func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
}
