package docs_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idemvet/idemvet"
	"github.com/idemvet/idemvet/internal/docs"
)

// TestCurrent fails when docs/ differs from what the analyzers' Doc strings
// generate: run "go generate ." in the repository root after changing a
// doc.go or a flag.
func TestCurrent(t *testing.T) {
	dir := filepath.Join("..", "..", "docs")
	pages := docs.Pages(idemvet.Suite)
	for name, want := range pages {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("docs/%s: %v (run go generate . in the repository root)", name, err)
			continue
		}
		if string(got) != string(want) {
			t.Errorf("docs/%s is stale: run go generate . in the repository root", name)
		}
	}
	// A generated page without its analyzer is stale too.
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		if _, ok := pages[e.Name()]; !ok && strings.HasPrefix(string(data), docs.Header) {
			t.Errorf("docs/%s was generated for an analyzer no longer in the suite: remove it", e.Name())
		}
	}
}

// TestURLs checks that each checker's URL is its generated page.
func TestURLs(t *testing.T) {
	for _, a := range idemvet.Suite {
		if want := docs.URLPrefix + a.Name + ".md"; a.URL != want {
			t.Errorf("%s.URL = %q, want %q", a.Name, a.URL, want)
		}
	}
}

// TestPage checks the parts of a page that come from the Doc: the title,
// the body's wrong and right examples, and the suppression directive.
func TestPage(t *testing.T) {
	for _, a := range idemvet.Suite {
		page := string(docs.Pages(idemvet.Suite)[a.Name+".md"])
		for _, want := range []string{"# " + a.Name + "\n\n" + docs.Title(a) + "\n", "//idemvet:ignore " + a.Name, "## Flags"} {
			if !strings.Contains(page, want) {
				t.Errorf("docs/%s.md lacks %q", a.Name, want)
			}
		}
	}
}
