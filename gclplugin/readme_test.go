package gclplugin_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadme checks that the README shows the .custom-gcl.yml and
// .golangci.yml that the end-to-end test uses, verbatim.
func TestReadme(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{filepath.Join("..", ".custom-gcl.yml"), filepath.Join("testdata", "golangci.yml")} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(readme), "```yaml\n"+string(data)+"```\n") {
			t.Errorf("README.md does not show %s as it is", f)
		}
	}
}
