package gclplugin_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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

// TestGolangciLintEditors runs the golangci-lint built with the plugin the
// way editors do, on a copy of testdata/directives with the .golangci.yml
// at its root: golangci-lint run --fix (and GoLand's or VS Code's fix
// actions that call it), VS Code's go.lintTool "golangci-lint-v2" command
// line, and the command golangci-lint-langserver is configured with.
// Skipped without IDEMVET_GOLANGCI_LINT.
func TestGolangciLintEditors(t *testing.T) {
	gcl := os.Getenv("IDEMVET_GOLANGCI_LINT")
	if gcl == "" {
		t.Skip("set IDEMVET_GOLANGCI_LINT to a golangci-lint built with the plugin (gclplugin/e2e.sh does)")
	}
	idemvetBin := filepath.Join(t.TempDir(), "idemvet")
	if out, err := exec.Command("go", "build", "-o", idemvetBin, "github.com/idemvet/idemvet/cmd/idemvet").CombinedOutput(); err != nil {
		t.Fatalf("building idemvet: %v\n%s", err, out)
	}
	module := func(t *testing.T) string {
		dir := t.TempDir()
		for _, f := range []string{"go.mod", "directives.go"} {
			data, err := os.ReadFile(filepath.Join("testdata", "directives", f))
			if err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(dir, f), data)
		}
		cfg, err := os.ReadFile(filepath.Join("testdata", "golangci.yml"))
		if err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, ".golangci.yml"), cfg)
		return dir
	}
	run := func(t *testing.T, dir string, name string, args ...string) []byte {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if err != nil && !(errors.As(err, &ee) && ee.ExitCode() <= 3) {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
		}
		return stdout.Bytes()
	}

	t.Run("fix", func(t *testing.T) {
		// golangci-lint run --fix applies the same edits as idemvet -fix,
		// except where //nolint:idemvet silences a finding.
		gclDir, standaloneDir := module(t), module(t)
		run(t, gclDir, gcl, "run", "--fix", "./...")
		run(t, standaloneDir, idemvetBin, "-fix", "./...")
		got, _ := os.ReadFile(filepath.Join(gclDir, "directives.go"))
		want, _ := os.ReadFile(filepath.Join(standaloneDir, "directives.go"))
		orig, _ := os.ReadFile(filepath.Join("testdata", "directives", "directives.go"))
		if bytes.Equal(want, orig) {
			t.Fatal("idemvet -fix changed nothing")
		}
		// //nolint:idemvet is golangci-lint's: the standalone command
		// fixes that line too.
		wantLines, origLines := strings.Split(string(want), "\n"), strings.Split(string(orig), "\n")
		for i, l := range origLines {
			if strings.Contains(l, "//nolint:idemvet") {
				for j, w := range wantLines {
					if strings.Contains(w, "//nolint:idemvet") {
						wantLines[j] = origLines[i]
					}
				}
			}
		}
		want = []byte(strings.Join(wantLines, "\n"))
		if !bytes.Equal(got, want) {
			t.Errorf("golangci-lint run --fix wrote:\n%s\nidemvet -fix wrote:\n%s", got, want)
		}
	})

	t.Run("vscode", func(t *testing.T) {
		// The Go extension runs this in the package's directory and
		// parses file:line:col: message lines.
		dir := module(t)
		out := run(t, dir, gcl, "run", "--issues-exit-code=0", "--output.text.print-issued-lines=false",
			"--show-stats=false", "--output.text.path=stdout", "--path-mode=abs")
		re := regexp.MustCompile(`^((.:)?[^:]*):(\d+)(:(\d+)?)?:(?:\w+:)? (.*)$`)
		var got []string
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			m := re.FindStringSubmatch(line)
			if m == nil {
				t.Errorf("the Go extension cannot parse %q", line)
				continue
			}
			if m[1] != filepath.Join(dir, "directives.go") {
				t.Errorf("path %q is not absolute", m[1])
			}
			got = append(got, m[3]+":"+m[5]+": "+m[6])
		}
		for _, want := range []string{
			"13:16: lostupdate: lost update on posts.view_count",
			"30:2: lostupdate: this idemvet:ignore directive for lostupdate matched no finding; remove it (idemvet)",
			"37:2: lostupdate: malformed idemvet:ignore directive: the reason is missing",
			"38:16: lostupdate: lost update on posts.view_count",
		} {
			found := false
			for _, g := range got {
				found = found || strings.HasPrefix(g, want)
			}
			if !found {
				t.Errorf("VS Code would not show %q; it gets:\n%s", want, strings.Join(got, "\n"))
			}
		}
	})

	t.Run("langserver", func(t *testing.T) {
		// golangci-lint-langserver runs its configured command with the
		// file's directory appended, in the workspace root, and reads
		// Issues: Pos for the range, SuggestedFixes (byte offsets,
		// base64 NewText) for code actions.
		dir := module(t)
		out := run(t, dir, gcl, "run", "--output.json.path=stdout", "--show-stats=false", dir+string(filepath.Separator))
		var res struct {
			Issues []struct {
				FromLinter, Text string
				Pos              struct {
					Filename     string
					Line, Column int
				}
				SuggestedFixes []struct {
					TextEdits []struct {
						Pos, End int
						NewText  []byte // base64 in JSON
					}
				}
			}
		}
		if err := json.Unmarshal(out, &res); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		src, _ := os.ReadFile(filepath.Join(dir, "directives.go"))
		fixed := 0
		for _, is := range res.Issues {
			if is.Pos.Filename != "directives.go" {
				t.Errorf("issue in %q, want a path relative to the workspace root", is.Pos.Filename)
			}
			for _, sf := range is.SuggestedFixes {
				for _, e := range sf.TextEdits {
					if e.Pos < 0 || e.End > len(src) || e.Pos > e.End {
						t.Errorf("edit %d-%d outside the file", e.Pos, e.End)
						continue
					}
					if strings.HasPrefix(is.Text, "lostupdate: lost update") && e.Pos == e.End && string(e.NewText) == "view_count + " {
						fixed++
					}
				}
			}
		}
		if fixed != 2 {
			t.Errorf("%d fixable lost updates reach the language server, want 2:\n%s", fixed, out)
		}
	})
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
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
