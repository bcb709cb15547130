package idemvet_test

import (
	"strings"
	"testing"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet"
)

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
