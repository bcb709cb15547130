// Package vettest runs the idemvet command in tests: it builds the binary
// once per test process, and runs go vet -vettool (and go fix -fixtool)
// with a fresh cache key every time.
//
// go vet caches each package's result under a key made of the tool's build
// ID, the flags and the package's inputs. A test binary rebuilds an
// identical idemvet, so without a fresh key a second go test run replays
// the first one's results instead of running the tool, and a run that was
// cut off (a timeout) is replayed as clean forever after. Every go vet and
// go fix command a test starts therefore carries the inert flag
// -bench.nonce with a value used once.
package vettest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"time"
)

// Build builds the package pkg (a directory, or an import path of the
// current module) into a new temporary directory and returns the binary's
// path and a function that removes it. Call it from TestMain.
func Build(pkg string) (binary string, cleanup func(), err error) {
	dir, err := os.MkdirTemp("", "idemvet-test")
	if err != nil {
		return "", nil, err
	}
	cleanup = func() { os.RemoveAll(dir) }
	name := filepath.Base(pkg)
	if name == "." || name == ".." {
		abs, _ := filepath.Abs(pkg)
		name = filepath.Base(abs)
	}
	binary = filepath.Join(dir, name)
	if runtime.GOOS == "windows" {
		binary += ".exe"
	}
	if out, err := exec.Command("go", "build", "-o", binary, pkg).CombinedOutput(); err != nil {
		cleanup()
		return "", nil, fmt.Errorf("building %s: %v\n%s", pkg, err, out)
	}
	return binary, cleanup, nil
}

var calls atomic.Int64

// Nonce returns the flag -bench.nonce=V with a value V that no other call,
// in this process or another, returns.
func Nonce() string {
	return fmt.Sprintf("-bench.nonce=%d.%d.%d", os.Getpid(), time.Now().UnixNano(), calls.Add(1))
}

// GoVet returns the command go vet -vettool=binary -bench.nonce=... args,
// run in dir.
func GoVet(dir, binary string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", append([]string{"vet", "-vettool=" + binary, Nonce()}, args...)...)
	cmd.Dir = dir
	return cmd
}

// GoFix returns the command go fix -fixtool=binary -bench.nonce=... args,
// run in dir.
func GoFix(dir, binary string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", append([]string{"fix", "-fixtool=" + binary, Nonce()}, args...)...)
	cmd.Dir = dir
	return cmd
}
