package vettest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/internal/vettest"
)

// TestFreshCacheKey runs go vet twice over the same package with the same
// tool: both times go vet must run the tool (go vet -x prints the tool's
// command line for each run, and nothing for a result it replays from its
// cache).
func TestFreshCacheKey(t *testing.T) {
	binary, cleanup, err := vettest.Build("../../cmd/idemvet")
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module tiny\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.go"), []byte("package tiny\n\nfunc F() int { return 1 }\n"), 0o644)
	for i := range 2 {
		out, err := vettest.GoVet(dir, binary, "-x", "./...").CombinedOutput()
		if err != nil {
			t.Fatalf("go vet: %v\n%s", err, out)
		}
		if !strings.Contains(string(out), binary) || !strings.Contains(string(out), "vet.cfg") {
			t.Errorf("run %d: go vet did not run the tool (answered from its cache):\n%s", i+1, out)
		}
	}
	if a, b := vettest.Nonce(), vettest.Nonce(); a == b {
		t.Errorf("two calls of Nonce returned %s", a)
	}
}
