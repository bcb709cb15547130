package main_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/idemvet/idemvet"
)

// TestHelpFullDoc checks that idemvet help NAME prints the analyzer's whole
// documentation, the same text docs/NAME.md is generated from.
func TestHelpFullDoc(t *testing.T) {
	t.Parallel()
	for _, a := range idemvet.Suite {
		out, err := exec.Command(binary, "help", a.Name).CombinedOutput()
		if err != nil {
			t.Fatalf("idemvet help %s: %v\n%s", a.Name, err, out)
		}
		for _, para := range strings.Split(a.Doc, "\n\n") {
			if !strings.Contains(string(out), strings.TrimSpace(para)) {
				t.Errorf("idemvet help %s lacks the paragraph:\n%s", a.Name, para)
			}
		}
	}
}
