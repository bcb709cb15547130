package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestToolchainLocal runs idemvet on a module whose go.mod asks for a Go
// newer than the one running, with the go command's default
// GOTOOLCHAIN=auto (and no proxy, so that the test cannot download
// either): idemvet never lets the go command fetch a toolchain, and says
// which Go the module needs.
func TestToolchainLocal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write(t, filepath.Join(dir, "go.mod"), "module newgo\n\ngo 1.99\n")
	write(t, filepath.Join(dir, "a.go"), "package newgo\n")
	for _, args := range [][]string{{"./..."}, {"-json", "./..."}, {"-fix", "-diff", "./..."}} {
		cmd := exec.Command(binary, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOTOOLCHAIN=auto", "GOPROXY=off")
		out, err := cmd.CombinedOutput()
		if err == nil || strings.Contains(string(out), "downloading go") || strings.Contains(string(out), "toolchain not available") || !strings.Contains(string(out), "1.99") {
			t.Errorf("idemvet %s: %v\n%s\nwant an error naming Go 1.99 and no download", strings.Join(args, " "), err, out)
		}
	}
}
