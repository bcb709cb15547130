package idemvet_test

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet"
	"github.com/idemvet/idemvet/internal/lazyregexp"
	"github.com/idemvet/idemvet/internal/report"
)

// TestPatterns compiles every pattern the suite's packages declare with
// lazyregexp (compiled on first use, so a bad one would fail only the run
// that reaches it).
func TestPatterns(t *testing.T) {
	lazyregexp.MustCompileAll()
}

// TestValidate checks the suite the way drivers do: unique names, one owner
// per fact type, acyclic requirements.
func TestValidate(t *testing.T) {
	if err := analysis.Validate(idemvet.Suite); err != nil {
		t.Fatal(err)
	}
}

// TestDocs checks each checker's documentation: a title line "name: title"
// (lowercase, no final period, at most 60 characters), a body, a URL, and
// the package name as the analyzer name.
func TestDocs(t *testing.T) {
	for _, a := range idemvet.Suite {
		title, body, _ := strings.Cut(a.Doc, "\n")
		rest, ok := strings.CutPrefix(title, a.Name+": ")
		switch {
		case !ok:
			t.Errorf("%s: title %q does not start with %q", a.Name, title, a.Name+": ")
		case len(rest) > 60:
			t.Errorf("%s: title %q is longer than 60 characters", a.Name, rest)
		case strings.HasSuffix(rest, "."):
			t.Errorf("%s: title %q ends with a period", a.Name, rest)
		case rest == "" || unicode.IsUpper(rune(rest[0])):
			t.Errorf("%s: title %q must start lowercase", a.Name, rest)
		}
		if len(strings.TrimSpace(body)) < 200 {
			t.Errorf("%s: documentation body is too short to explain the hazard, a fix and suppression", a.Name)
		}
		if !strings.Contains(a.Doc, "//idemvet:ignore "+a.Name) {
			t.Errorf("%s: documentation does not say how to suppress a finding", a.Name)
		}
		if !strings.HasPrefix(a.URL, "https://") {
			t.Errorf("%s: URL %q", a.Name, a.URL)
		}
		for _, r := range a.Name {
			if !unicode.IsLower(r) {
				t.Errorf("%s: analyzer names are lowercase letters only", a.Name)
				break
			}
		}
	}
}

// TestGrades checks report.Grades, the one table of categories and
// severities: every line names a known checker (or "*"), a severity, a
// meaning, and no category twice; every checker of the suite has a grade
// and a -NAME.CATEGORY flag for each of its categories but its own name,
// and names them in its documentation. (idemvettest fails a checker's
// golden tests when it reports a category the table lacks.)
func TestGrades(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range report.Grades {
		key := g.Analyzer + "." + g.Category
		switch {
		case g.Analyzer != "*" && !slices.Contains(report.Analyzers, g.Analyzer):
			t.Errorf("%s: %q is not an idemvet checker (report.Analyzers)", key, g.Analyzer)
		case g.Severity != report.Error && g.Severity != report.Warning:
			t.Errorf("%s: severity %q", key, g.Severity)
		case g.Doc == "" || g.Category == "":
			t.Errorf("%s: no category or meaning", key)
		case seen[key]:
			t.Errorf("%s: graded twice", key)
		}
		seen[key] = true
	}
	for _, a := range idemvet.Suite {
		own := 0
		for _, g := range report.GradesOf(a.Name) {
			if g.Analyzer == "*" {
				continue
			}
			own++
			if g.Category != a.Name && a.Flags.Lookup(g.Category) == nil {
				t.Errorf("%s has no flag -%s.%s: its init must call report.RegisterCategories", a.Name, a.Name, g.Category)
			}
			if g.Category != a.Name && !strings.Contains(a.Doc, `"`+g.Category+`"`) {
				t.Errorf("%s's documentation does not name its category %q", a.Name, g.Category)
			}
		}
		if own == 0 {
			t.Errorf("%s has no category in report.Grades", a.Name)
		}
	}
}
