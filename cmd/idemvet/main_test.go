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
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/idemvet/idemvet"
)

var update = flag.Bool("update", false, "rewrite the golden files of the end-to-end tests")

var binary string

// TestMain builds cmd/idemvet once for every test.
func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "idemvet-test")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "idemvet")
	if runtime.GOOS == "windows" {
		binary += ".exe"
	}
	out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
	if err != nil {
		fmt.Fprintf(os.Stderr, "building idemvet: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
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

// runJSON runs idemvet -json ./... in dir and returns its findings.
func runJSON(t *testing.T, dir string, args ...string) []finding {
	t.Helper()
	cmd := exec.Command(binary, append(append([]string{"-json"}, args...), "./...")...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("idemvet: %v\n%s", err, stderr.String())
		}
	}
	if stderr.Len() > 0 {
		t.Fatalf("idemvet wrote to stderr:\n%s", stderr.String())
	}
	type diag struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	}
	var out []finding
	dec := json.NewDecoder(&stdout)
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
// real libraries: testdata/e2e and examples.
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the modules' dependencies")
	}
	for _, mod := range []string{"testdata/e2e", "examples"} {
		t.Run(strings.ReplaceAll(mod, "/", "_"), func(t *testing.T) {
			dir := filepath.Join(repoRoot(t), mod)
			found := runJSON(t, dir)
			checkMarkers(t, dir, found)
			golden(t, strings.ReplaceAll(mod, "/", "_"), found)
		})
	}
}

// TestVetTool runs the binary under go vet -vettool and expects the same
// positions as standalone.
func TestVetTool(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the modules' dependencies")
	}
	for _, mod := range []string{"testdata/e2e", "examples"} {
		t.Run(strings.ReplaceAll(mod, "/", "_"), func(t *testing.T) {
			dir := filepath.Join(repoRoot(t), mod)
			cmd := exec.Command("go", "vet", "-vettool="+binary, "./...")
			cmd.Dir = dir
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			var ee *exec.ExitError
			if err != nil && !errors.As(err, &ee) {
				t.Fatal(err)
			}
			got := map[string]bool{}
			re := regexp.MustCompile(`^(.+\.go):(\d+):\d+: (.*)$`)
			sc := bufio.NewScanner(&stderr)
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
			if len(want) > 0 && (ee == nil || ee.ExitCode() == 0) {
				t.Errorf("go vet exited 0 with findings")
			}
		})
	}
}

// TestExitCodes checks the command's exit status: 0 clean, 3 findings,
// 2 (or 1) for usage errors, as x/tools drivers do.
func TestExitCodes(t *testing.T) {
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
	"os"
)

func Save(path string, data []byte) error {
	if _, err := os.Stat(path); err == nil {
		return errors.New("exists")
	}
	return os.WriteFile(path, data, 0o644)
}
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
	out, _ := exec.Command(binary, "help").CombinedOutput()
	for _, a := range idemvet.Suite {
		if !strings.Contains(string(out), a.Name) {
			t.Errorf("idemvet help does not list %s", a.Name)
		}
		one, _ := exec.Command(binary, "help", a.Name).CombinedOutput()
		if !strings.Contains(string(one), strings.SplitN(a.Doc, "\n", 2)[0]) {
			t.Errorf("idemvet help %s does not print its doc:\n%s", a.Name, one)
		}
	}
}

// TestStd analyzes the standard library: no panic, no error, no finding.
func TestStd(t *testing.T) {
	if testing.Short() {
		t.Skip("analyzes the whole standard library")
	}
	cmd := exec.Command(binary, "std")
	cmd.Dir = repoRoot(t)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("idemvet std: %v\n%s", err, firstLines(out, 40))
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
