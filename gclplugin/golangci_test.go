package gclplugin_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// finding is a diagnostic as both front ends can report it: module-relative
// file, line and column, analyzer, message, and suggested fixes as byte
// offsets.
type finding struct {
	File         string
	Line, Column int
	Analyzer     string
	Message      string
	Fixes        []fix
}

type fix struct {
	Message string
	Edits   []edit
}

type edit struct {
	Start, End int
	New        string
}

func (f finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s %v", f.File, f.Line, f.Column, f.Analyzer, f.Message, f.Fixes)
}

// TestGolangciLint lints testdata/e2e (the module built against the real
// libraries) and testdata/directives with a golangci-lint built with the
// plugin, and expects exactly the standalone command's findings, with the
// same positions and suggested fixes, minus those //nolint:idemvet
// suppresses. gclplugin/e2e.sh builds the binary and runs this test; it is
// skipped without IDEMVET_GOLANGCI_LINT.
func TestGolangciLint(t *testing.T) {
	gcl := os.Getenv("IDEMVET_GOLANGCI_LINT")
	if gcl == "" {
		t.Skip("set IDEMVET_GOLANGCI_LINT to a golangci-lint built with the plugin (gclplugin/e2e.sh does)")
	}
	idemvetBin := filepath.Join(t.TempDir(), "idemvet")
	if out, err := exec.Command("go", "build", "-o", idemvetBin, "github.com/idemvet/idemvet/cmd/idemvet").CombinedOutput(); err != nil {
		t.Fatalf("building idemvet: %v\n%s", err, out)
	}
	config, _ := filepath.Abs(filepath.Join("testdata", "golangci.yml"))
	for _, mod := range []string{"../testdata/e2e", "testdata/directives"} {
		t.Run(filepath.Base(mod), func(t *testing.T) {
			dir, _ := filepath.Abs(mod)
			want := standalone(t, idemvetBin, dir)
			got := golangci(t, gcl, config, dir)
			if testing.Verbose() {
				for _, f := range got {
					t.Logf("%s:%d:%d: %s: %s (%d suggested fixes)", f.File, f.Line, f.Column, f.Analyzer, f.Message, len(f.Fixes))
				}
			}
			wantSet := map[string]bool{}
			for _, f := range want {
				if !nolint(t, dir, f) {
					wantSet[f.String()] = true
				}
			}
			gotSet := map[string]bool{}
			for _, f := range got {
				gotSet[f.String()] = true
			}
			for k := range wantSet {
				if !gotSet[k] {
					t.Errorf("golangci-lint lacks: %s", k)
				}
			}
			for k := range gotSet {
				if !wantSet[k] {
					t.Errorf("golangci-lint has extra: %s", k)
				}
			}
			fixes := 0
			for _, f := range got {
				fixes += len(f.Fixes)
			}
			if len(got) == 0 || fixes == 0 {
				t.Errorf("expected findings with suggested fixes, got %d findings and %d fixes", len(got), fixes)
			}
		})
	}
}

// nolint reports whether f's line carries //nolint:idemvet.
func nolint(t *testing.T, dir string, f finding) bool {
	data, err := os.ReadFile(filepath.Join(dir, f.File))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	return f.Line <= len(lines) && strings.Contains(lines[f.Line-1], "//nolint:idemvet")
}

// standalone runs idemvet -json ./... in dir.
func standalone(t *testing.T, bin, dir string) []finding {
	t.Helper()
	cmd := exec.Command(bin, "-json", "./...")
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("idemvet -json: %v\n%s", err, stderr.String())
	}
	type jsonEdit struct {
		Filename   string
		Start, End int
		New        string
	}
	type jsonDiag struct {
		Posn           string
		Message        string
		SuggestedFixes []struct {
			Message string
			Edits   []jsonEdit
		} `json:"suggested_fixes"`
	}
	var out []finding
	dec := json.NewDecoder(&stdout)
	for dec.More() {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			t.Fatal(err)
		}
		for _, byAnalyzer := range tree {
			for name, raw := range byAnalyzer {
				var diags []jsonDiag
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Fatalf("%s: %s", name, raw)
				}
				for _, d := range diags {
					parts := strings.Split(d.Posn, ":")
					var line, col int
					fmt.Sscan(parts[len(parts)-2], &line)
					fmt.Sscan(parts[len(parts)-1], &col)
					f := finding{File: rel(t, dir, strings.Join(parts[:len(parts)-2], ":")), Line: line, Column: col, Analyzer: name, Message: d.Message}
					for _, sf := range d.SuggestedFixes {
						fx := fix{Message: sf.Message}
						for _, e := range sf.Edits {
							fx.Edits = append(fx.Edits, edit{e.Start, e.End, e.New})
						}
						f.Fixes = append(f.Fixes, fx)
					}
					out = append(out, f)
				}
			}
		}
	}
	return dedup(out)
}

// golangci runs golangci-lint run with the JSON output in dir.
func golangci(t *testing.T, bin, config, dir string) []finding {
	t.Helper()
	cmd := exec.Command(bin, "run", "--config", config, "--output.json.path=stdout", "--show-stats=false", "./...")
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) {
		t.Fatalf("golangci-lint: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	var report struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename     string
				Line, Column int
			}
			SuggestedFixes []struct {
				Message   string
				TextEdits []struct {
					Pos, End int
					NewText  []byte
				}
			}
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &report); err != nil {
		t.Fatalf("golangci-lint JSON: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	var out []finding
	for _, is := range report.Issues {
		if is.FromLinter != "idemvet" {
			t.Errorf("issue from %s: %s", is.FromLinter, is.Text)
			continue
		}
		analyzer, msg, _ := strings.Cut(is.Text, ": ")
		if strings.HasSuffix(analyzer, "(related information)") {
			continue // golangci-lint turns related information into issues of their own
		}
		file := is.Pos.Filename
		if !filepath.IsAbs(file) {
			for _, base := range []string{dir, filepath.Dir(config)} {
				if _, err := os.Stat(filepath.Join(base, file)); err == nil {
					file = filepath.Join(base, file)
					break
				}
			}
		}
		f := finding{File: rel(t, dir, file), Line: is.Pos.Line, Column: is.Pos.Column, Analyzer: analyzer, Message: msg}
		for _, sf := range is.SuggestedFixes {
			fx := fix{Message: sf.Message}
			for _, e := range sf.TextEdits {
				fx.Edits = append(fx.Edits, edit{e.Pos, e.End, string(e.NewText)})
			}
			f.Fixes = append(f.Fixes, fx)
		}
		out = append(out, f)
	}
	return dedup(out)
}

func rel(t *testing.T, dir, file string) string {
	r, err := filepath.Rel(dir, file)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.ToSlash(r)
}

// dedup drops repeats (a file seen in a package and its test variant).
func dedup(fs []finding) []finding {
	seen := map[string]bool{}
	var out []finding
	for _, f := range fs {
		if !seen[f.String()] {
			seen[f.String()] = true
			out = append(out, f)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}
