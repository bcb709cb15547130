package main_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/idemvet/idemvet"
	"github.com/idemvet/idemvet/internal/vettest"
)

var update = flag.Bool("update", false, "rewrite the golden files of the end-to-end tests")

var binary string

// TestMain builds cmd/idemvet once for every test.
func TestMain(m *testing.M) {
	flag.Parse()
	bin, cleanup, err := vettest.Build(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = bin
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// A moduleRun is the outcome of one command over a module, shared by the
// tests that read it: each end-to-end module is analyzed once per mode
// and test process.
type moduleRun struct {
	once           sync.Once
	stdout, stderr []byte
	code           int // the exit code
	err            error
}

var moduleRuns sync.Map // "mode dir" → *moduleRun

// runModule runs the command mk makes once per key and returns its outcome.
func runModule(t *testing.T, key string, mk func() *exec.Cmd) *moduleRun {
	t.Helper()
	v, _ := moduleRuns.LoadOrStore(key, new(moduleRun))
	r := v.(*moduleRun)
	r.once.Do(func() {
		cmd := mk()
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			r.code = ee.ExitCode()
		} else if err != nil {
			r.err = err
		}
		r.stdout, r.stderr = stdout.Bytes(), stderr.Bytes()
	})
	if r.err != nil {
		t.Fatalf("%s: %v\n%s", key, r.err, r.stderr)
	}
	return r
}

// standaloneJSON is idemvet -json ./... in dir, run once.
func standaloneJSON(t *testing.T, dir string) *moduleRun {
	return runModule(t, "json "+dir, func() *exec.Cmd {
		cmd := exec.Command(binary, "-json", "./...")
		cmd.Dir = dir
		return cmd
	})
}

// vetModule is go vet -vettool=idemvet ./... in dir, run once, after the
// module's standalone run (which type-checks from source and compiles
// nothing). go vet compiles every dependency of the module for its export
// data: on a cold build cache that compilation is most of this package's
// time.
func vetModule(t *testing.T, dir string, pkgs ...string) *moduleRun {
	standaloneJSON(t, dir)
	if len(pkgs) == 0 {
		pkgs = []string{"./..."}
	}
	return runModule(t, fmt.Sprint("vet ", dir, pkgs), func() *exec.Cmd { return vettest.GoVet(dir, binary, pkgs...) })
}

// vetLightLibs are, per end-to-end module, the libraries whose compilation
// TestVetTool leaves to IDEMVET_VET_ALL=1 (CI): without it, go vet runs
// over the module's packages that depend on none of them. In testdata/e2e
// these are the RPC and broker clients of internal/notify and what imports
// it (about 210 of the module's 297 third-party packages: 76 CPU seconds of
// compilation on a cold build cache, then go vet's fact-only runs over
// them); in examples, stripe-go, which internal/wallet's webhook and
// internal/api import (its root package alone is 18 CPU seconds of
// compilation, most of go vet's cost there). The other packages still
// take their facts across packages under go vet, and TestEndToEnd checks
// every marker standalone.
var vetLightLibs = map[string][]string{
	"testdata/e2e": {"google.golang.org/grpc", "connectrpc.com/connect", "github.com/segmentio/kafka-go", "github.com/nats-io/nats.go", "github.com/redis/go-redis/v9"},
	"examples":     {"github.com/stripe/stripe-go/v82"},
}

// vetPackages returns the packages of the module in dir that TestVetTool
// runs go vet over, as import paths, and their directories relative to
// dir (nil: the whole module, ./...).
func vetPackages(t *testing.T, mod, dir string) (pkgs []string, dirs map[string]bool) {
	t.Helper()
	libs := vetLightLibs[mod]
	if len(libs) == 0 || os.Getenv(vetAll) == "1" {
		return nil, nil
	}
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .Deps \" \"}}", "./...")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list ./... in %s: %v", mod, err)
	}
	dirs = map[string]bool{}
	heavy := func(dep string) bool {
		for _, l := range libs {
			if dep == l || strings.HasPrefix(dep, l+"/") {
				return true
			}
		}
		return false
	}
next:
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		for _, dep := range strings.Fields(f[2]) {
			if heavy(dep) {
				continue next
			}
		}
		rel, err := filepath.Rel(dir, f[1])
		if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, f[0])
		dirs[filepath.ToSlash(rel)] = true
	}
	if len(pkgs) == 0 {
		t.Fatalf("%s: every package depends on %v", mod, libs)
	}
	return pkgs, dirs
}

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// finding is one reported diagnostic, by analyzer, module-relative file and
// line.
type finding struct {
	analyzer, file string
	line           int
	message        string
}

func (f finding) key() string { return fmt.Sprintf("%s:%d %s", f.file, f.line, f.analyzer) }

// markers reads the HAZARD(<analyzer>) comments of a module: the lines where
// each analyzer must report.
func markers(t *testing.T, dir string) map[string]bool {
	t.Helper()
	re := regexp.MustCompile(`HAZARD\((\w+)\)`)
	want := map[string]bool{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		for i, line := range strings.Split(string(data), "\n") {
			for _, m := range re.FindAllStringSubmatch(line, -1) {
				want[fmt.Sprintf("%s:%d %s", filepath.ToSlash(rel), i+1, m[1])] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// suite returns the names of the analyzers idemvet runs by default.
func suite() map[string]bool {
	names := map[string]bool{}
	for _, a := range idemvet.Suite {
		names[a.Name] = true
	}
	return names
}

// runJSON runs idemvet -json ./... in dir (once per process without
// args) and returns its findings.
func runJSON(t *testing.T, dir string, args ...string) []finding {
	t.Helper()
	var r *moduleRun
	if len(args) == 0 {
		r = standaloneJSON(t, dir)
	} else {
		r = runModule(t, fmt.Sprint("json ", dir, args), func() *exec.Cmd {
			cmd := exec.Command(binary, append(append([]string{"-json"}, args...), "./...")...)
			cmd.Dir = dir
			return cmd
		})
	}
	if len(r.stderr) > 0 {
		t.Fatalf("idemvet wrote to stderr:\n%s", r.stderr)
	}
	return parseJSON(t, dir, r.stdout)
}

// parseJSON returns the findings of a -json tree.
func parseJSON(t *testing.T, dir string, data []byte) []finding {
	t.Helper()
	type diag struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	}
	var out []finding
	dec := json.NewDecoder(bytes.NewReader(data))
	for dec.More() {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			t.Fatalf("decoding -json output: %v", err)
		}
		for _, byAnalyzer := range tree {
			for name, raw := range byAnalyzer {
				var diags []diag
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Fatalf("analyzer %s failed: %s", name, raw)
				}
				for _, d := range diags {
					out = append(out, parseFinding(t, dir, name, d.Posn, d.Message))
				}
			}
		}
	}
	return out
}

func parseFinding(t *testing.T, dir, analyzer, posn, msg string) finding {
	t.Helper()
	parts := strings.Split(posn, ":")
	if len(parts) < 3 {
		t.Fatalf("bad position %q", posn)
	}
	file := strings.Join(parts[:len(parts)-2], ":")
	rel, err := filepath.Rel(dir, file)
	if err != nil {
		rel = file
	}
	var line int
	fmt.Sscan(parts[len(parts)-2], &line)
	return finding{analyzer: analyzer, file: filepath.ToSlash(rel), line: line, message: msg}
}

// checkMarkers compares the findings of the default suite with the HAZARD
// markers of the module: every marker found, nothing else reported.
func checkMarkers(t *testing.T, dir string, found []finding) {
	t.Helper()
	enabled := suite()
	want := markers(t, dir)
	got := map[string]bool{}
	for _, f := range found {
		got[f.key()] = true
	}
	for k := range want {
		if enabled[strings.Fields(k)[1]] && !got[k] {
			t.Errorf("missed: %s", k)
		}
	}
	for _, f := range found {
		if !want[f.key()] {
			t.Errorf("unexpected: %s: %s", f.key(), f.message)
		}
	}
}

func golden(t *testing.T, name string, found []finding) {
	t.Helper()
	var lines []string
	for _, f := range found {
		lines = append(lines, fmt.Sprintf("%s:%d: %s: %s", f.file, f.line, f.analyzer, f.message))
	}
	sort.Strings(lines)
	got := strings.Join(lines, "\n") + "\n"
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	wantData, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(wantData) != got {
		t.Errorf("findings differ from %s (run go test -update after checking):\n--- want\n%s\n--- got\n%s", path, wantData, got)
	}
}

// TestEndToEnd runs the built binary over the modules compiled against the
// real libraries: testdata/e2e, testdata/e2esdk, testdata/e2elibs,
// testdata/e2epop, testdata/e2edelivery and examples.
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the modules' dependencies")
	}
	t.Parallel()
	for _, mod := range []string{"testdata/e2e", "testdata/e2esdk", "testdata/e2elibs", "testdata/e2epop", "testdata/e2edelivery", "examples"} {
		t.Run(strings.ReplaceAll(mod, "/", "_"), func(t *testing.T) {
			dir := filepath.Join(repoRoot(t), mod)
			found := runJSON(t, dir)
			checkMarkers(t, dir, found)
			golden(t, strings.ReplaceAll(mod, "/", "_"), found)
		})
	}
}

// vetAll is the variable that makes TestVetTool run go vet over every
// end-to-end module; CI sets it.
const vetAll = "IDEMVET_VET_ALL"

// vetHeavy are the end-to-end modules TestVetTool runs only under
// IDEMVET_VET_ALL=1: go vet must compile every dependency of a module it
// vets, and these add the cloud SDKs, the brokers' clients and the ORMs
// and query builders of e2elibs (about 250 CPU seconds of compilation on
// a cold build cache, most of a newcomer's go test ./...), and pop's 90
// packages of dependencies in e2epop (19 CPU seconds for one package of
// seven markers). Their markers are checked standalone by TestEndToEnd in
// every run, and every analyzer's facts cross packages under go vet in
// testdata/e2e and examples.
var vetHeavy = map[string]bool{"testdata/e2esdk": true, "testdata/e2edelivery": true, "testdata/e2elibs": true, "testdata/e2epop": true}

// TestVetTool runs the binary under go vet -vettool and expects the same
// positions as standalone.
func TestVetTool(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the modules' dependencies")
	}
	t.Parallel()
	for _, mod := range []string{"testdata/e2e", "testdata/e2esdk", "testdata/e2elibs", "testdata/e2epop", "testdata/e2edelivery", "examples"} {
		t.Run(strings.ReplaceAll(mod, "/", "_"), func(t *testing.T) {
			if vetHeavy[mod] && os.Getenv(vetAll) != "1" {
				t.Skipf("set %s=1 to run go vet over %s too (CI does): it compiles the module's libraries, minutes on a cold build cache; TestEndToEnd checks its markers standalone", vetAll, mod)
			}
			dir := filepath.Join(repoRoot(t), mod)
			pkgs, dirs := vetPackages(t, mod, dir)
			if dirs != nil {
				t.Logf("go vet over %d of the module's packages (set %s=1 for all of them)", len(pkgs), vetAll)
			}
			r := vetModule(t, dir, pkgs...)
			got := map[string]bool{}
			re := regexp.MustCompile(`^(.+\.go):(\d+):\d+: (.*)$`)
			sc := bufio.NewScanner(bytes.NewReader(r.stderr))
			for sc.Scan() {
				m := re.FindStringSubmatch(sc.Text())
				if m == nil || strings.HasPrefix(m[3], "\t") {
					continue // not a finding, or a finding's related information
				}
				f := parseFinding(t, dir, "", m[1]+":"+m[2]+":1", m[3])
				got[fmt.Sprintf("%s:%d", f.file, f.line)] = true
			}
			enabled := suite()
			want := map[string]bool{}
			for k := range markers(t, dir) {
				file := strings.SplitN(k, ":", 2)[0]
				if dirs != nil && !dirs[path.Dir(file)] {
					continue // not vetted without IDEMVET_VET_ALL=1
				}
				if enabled[strings.Fields(k)[1]] {
					want[strings.Fields(k)[0]] = true
				}
			}
			for k := range want {
				if !got[k] {
					t.Errorf("go vet missed %s", k)
				}
			}
			for k := range got {
				if !want[k] {
					t.Errorf("go vet reported unexpected %s", k)
				}
			}
			if len(want) > 0 && r.code == 0 {
				t.Errorf("go vet exited 0 with findings")
			}
			if t.Failed() {
				t.Logf("go vet output:\n%s", r.stderr)
			}
		})
	}
}

// TestExitCodes checks the command's exit status: 0 clean, 3 findings,
// 2 (or 1) for usage errors, as x/tools drivers do.
func TestExitCodes(t *testing.T) {
	t.Parallel()
	clean := t.TempDir()
	write(t, filepath.Join(clean, "go.mod"), "module clean\n\ngo 1.26\n")
	write(t, filepath.Join(clean, "a.go"), "package clean\n\nfunc F() int { return 1 }\n")
	if code := exitCode(t, clean, "./..."); code != 0 {
		t.Errorf("clean package: exit %d, want 0", code)
	}
	dirty := t.TempDir()
	write(t, filepath.Join(dirty, "go.mod"), "module dirty\n\ngo 1.26\n")
	write(t, filepath.Join(dirty, "a.go"), `package dirty

import (
	"errors"
	"net/http"
	"os"
)

func Save(path string, data []byte) error {
	if _, err := os.Stat(path); err == nil {
		return errors.New("exists")
	}
	return os.WriteFile(path, data, 0o644)
}

func Upload(w http.ResponseWriter, r *http.Request) { Save(r.FormValue("name"), nil) }
`)
	if code := exitCode(t, dirty, "./..."); code != 3 {
		t.Errorf("package with a finding: exit %d, want 3", code)
	}
	if code := exitCode(t, dirty, "-no-such-flag", "./..."); code != 2 && code != 1 {
		t.Errorf("unknown flag: exit %d, want 1 or 2", code)
	}
}

// TestHelp checks that help lists every analyzer and prints each one's doc.
func TestHelp(t *testing.T) {
	t.Parallel()
	out, _ := exec.Command(binary, "help").CombinedOutput()
	// It starts with idemvet, not with x/tools' text about Printf, and
	// lists each analyzer once, with its title.
	if !strings.HasPrefix(string(out), "idemvet reports") || strings.Contains(string(out), "Printf") {
		t.Errorf("idemvet help does not start with idemvet:\n%s", firstLines(out, 5))
	}
	for _, a := range idemvet.Suite {
		if n := strings.Count(string(out), a.Name+" "); n != 1 || !strings.Contains(string(out), strings.TrimPrefix(strings.SplitN(a.Doc, "\n", 2)[0], a.Name+": ")) {
			t.Errorf("idemvet help lists %s %d times (want once, with its title):\n%s", a.Name, n, out)
		}
		one, _ := exec.Command(binary, "help", a.Name).CombinedOutput()
		if !strings.Contains(string(one), strings.SplitN(a.Doc, "\n", 2)[0]) {
			t.Errorf("idemvet help %s does not print its doc:\n%s", a.Name, one)
		}
	}
}

// TestStd analyzes the packages of the standard library that idemvet's
// model describes (database/sql, net/http and the rest of net, os) and
// what they import: no panic, no error, no finding. .ci/run analyzes the
// whole standard library.
func TestStd(t *testing.T) {
	if testing.Short() {
		t.Skip("analyzes part of the standard library")
	}
	t.Parallel()
	cmd := exec.Command(binary, "database/...", "net/...", "os/...")
	cmd.Dir = repoRoot(t)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("idemvet database/... net/... os/...: %v\n%s", err, firstLines(out, 40))
	}
}

func firstLines(b []byte, n int) string {
	lines := strings.SplitN(string(b), "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

func exitCode(t *testing.T, dir string, args ...string) int {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err == nil {
		return 0
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	t.Fatalf("%v\n%s", err, out)
	return -1
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
