package main_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/internal/vettest"
)

// command returns the command name args, run in dir.
func command(dir, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	return cmd
}

// fixModule is a module with one lost update whose suggested fix rewrites
// the SQL and the argument, and one stale directive whose fix removes it.
const fixModule = `package fixmod

import (
	"context"
	"database/sql"
)

func View(ctx context.Context, db *sql.DB, id int64) error {
	var views int
	if err := db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id)
	return err
}

func Atomic(ctx context.Context, db *sql.DB, id int64) error {
	//idemvet:ignore lostupdate the update was made atomic since
	_, err := db.ExecContext(ctx, "UPDATE posts SET view_count = view_count + 1 WHERE id = $1", id)
	return err
}
`

// fixedModule is fixModule after its fixes.
var fixedModule = strings.NewReplacer(
	`"UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id)`,
	`"UPDATE posts SET view_count = view_count + $1 WHERE id = $2", 1, id)`,
	"\t//idemvet:ignore lostupdate the update was made atomic since\n", "",
).Replace(fixModule)

func newFixModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write(t, filepath.Join(dir, "go.mod"), "module fixmod\n\ngo 1.26\n")
	write(t, filepath.Join(dir, "fix.go"), fixModule)
	return dir
}

// TestFix applies the suggested fixes through every front end that can:
// idemvet -fix, go vet -vettool -fix and go fix -fixtool (Go 1.26).
func TestFix(t *testing.T) {
	t.Parallel()
	if fixedModule == fixModule {
		t.Fatal("the test's replacements do not match its module")
	}
	for _, tc := range []struct {
		name string
		cmd  func(dir string) *exec.Cmd
	}{
		{"standalone", func(dir string) *exec.Cmd { return command(dir, binary, "-fix", "./...") }},
		{"go vet", func(dir string) *exec.Cmd { return vettest.GoVet(dir, binary, "-fix", "./...") }},
		{"go fix", func(dir string) *exec.Cmd { return vettest.GoFix(dir, binary, "./...") }},
	} {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			dir := newFixModule(t)
			cmd := tc.cmd(dir)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, out)
			}
			got, err := os.ReadFile(filepath.Join(dir, "fix.go"))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != fixedModule {
				t.Errorf("%s left:\n%s\nwant:\n%s", tc.name, got, fixedModule)
			}
		})
	}
}

// TestDiff shows the fixes as a unified diff without applying them:
// idemvet -fix -diff, and go vet -fix -diff (which exits non-zero when the
// diff is not empty).
func TestDiff(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		cmd  func(dir string) *exec.Cmd
	}{
		{"standalone", func(dir string) *exec.Cmd { return command(dir, binary, "-fix", "-diff", "./...") }},
		{"go vet", func(dir string) *exec.Cmd { return vettest.GoVet(dir, binary, "-fix", "-diff", "./...") }},
		{"go fix", func(dir string) *exec.Cmd { return vettest.GoFix(dir, binary, "-diff", "./...") }},
	} {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			dir := newFixModule(t)
			cmd := tc.cmd(dir)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			cmd.Run()
			for _, want := range []string{
				`-	_, err := db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id)`,
				`+	_, err := db.ExecContext(ctx, "UPDATE posts SET view_count = view_count + $1 WHERE id = $2", 1, id)`,
				`-	//idemvet:ignore lostupdate the update was made atomic since`,
			} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("%s: output lacks %q:\n%s", tc.name, want, out.String())
				}
			}
			if got, _ := os.ReadFile(filepath.Join(dir, "fix.go")); string(got) != fixModule {
				t.Errorf("%s -diff changed the file", tc.name)
			}
		})
	}
}

// TestFixStaysInModule applies fixes where they must not write: a source
// file that is a symbolic link to a file outside the module, and a package
// of another module (a dependency replaced by a local directory) named on
// the command line. Neither file changes, through idemvet -fix or go vet
// -fix, and the output says which fix was not offered and why.
func TestFixStaysInModule(t *testing.T) {
	t.Parallel()
	outside := t.TempDir()
	real := filepath.Join(outside, "real.go")
	write(t, real, fixModule)

	linked := t.TempDir()
	write(t, filepath.Join(linked, "go.mod"), "module fixmod\n\ngo 1.26\n")
	if err := os.Symlink(real, filepath.Join(linked, "fix.go")); err != nil {
		t.Skipf("symbolic links: %v", err)
	}

	work := t.TempDir()
	dep := filepath.Join(work, "dep")
	write2 := func(p, s string) { os.MkdirAll(filepath.Dir(p), 0o755); write(t, p, s) }
	write2(filepath.Join(dep, "go.mod"), "module example.com/dep\n\ngo 1.26\n")
	write2(filepath.Join(dep, "fix.go"), strings.Replace(fixModule, "package fixmod", "package dep", 1))
	main := filepath.Join(work, "main")
	write2(filepath.Join(main, "go.mod"), "module example.com/main\n\ngo 1.26\n\nrequire example.com/dep v1.0.0\n\nreplace example.com/dep => ../dep\n")
	write2(filepath.Join(main, "main.go"), "package main\n\nimport _ \"example.com/dep\"\n\nfunc main() {}\n")

	for _, tc := range []struct {
		name, file, why string
		cmd             *exec.Cmd
	}{
		{"standalone link", real, "is a symbolic link", command(linked, binary, "-fix", "./...")},
		{"go vet link", real, "is a symbolic link", vettest.GoVet(linked, binary, "-fix", "./...")},
		{"standalone dependency", filepath.Join(dep, "fix.go"), "not the main module", command(main, binary, "-fix", "example.com/dep")},
		{"go vet dependency", filepath.Join(dep, "fix.go"), "not the main module", vettest.GoVet(main, binary, "-fix", "example.com/dep")},
	} {
		before, _ := os.ReadFile(tc.file)
		out, _ := tc.cmd.CombinedOutput()
		after, _ := os.ReadFile(tc.file)
		if string(after) != string(before) {
			t.Errorf("%s: rewrote %s:\n%s", tc.name, tc.file, out)
		}
		if tc.name == "go vet dependency" && !strings.Contains(string(out), "lost update") {
			continue // go vet -fix does not run the tool on other modules' packages at all
		}
		if !strings.Contains(string(out), "not offering the fix") || !strings.Contains(string(out), tc.why) {
			t.Errorf("%s: output does not say which fix was skipped (%q):\n%s", tc.name, tc.why, out)
		}
	}
}

// TestExampleFix checks what the README promises a newcomer running
// idemvet -fix -diff in examples/: at least one finding there carries a
// suggested fix, the one of withdraw.go, and its edits, applied to the
// file, make the line the diff shows. The fix comes from the module's
// -json run, which TestEndToEnd shares (TestStandaloneAgreesWithChecker
// holds that run's fixes to x/tools' checker, and TestDiff tests -fix
// -diff itself). Under IDEMVET_VET_ALL=1 (CI) it also runs idemvet -fix
// -diff there, which hands the module to x/tools' checker: every package
// and library from source, function bodies and all, a dozen CPU seconds.
func TestExampleFix(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the examples module's dependencies")
	}
	t.Parallel()
	dir := filepath.Join(repoRoot(t), "examples")
	file := filepath.Join(dir, "ridehail", "internal", "store", "withdraw.go")
	const (
		old   = "\treturn s.Gorm.WithContext(ctx).Model(&p).Update(\"rating_count\", p.RatingCount-1).Error"
		fixed = "\treturn s.Gorm.WithContext(ctx).Model(&p).Update(\"rating_count\", gorm.Expr(\"rating_count - ?\", 1)).Error"
	)
	before, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(before, []byte(old)) {
		t.Fatalf("%s lacks the code the fix rewrites:\n%s", file, old)
	}

	var applied []string
	dec := json.NewDecoder(bytes.NewReader(standaloneJSON(t, dir).stdout))
	for dec.More() {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			t.Fatalf("decoding -json output: %v", err)
		}
		for _, byAnalyzer := range tree {
			for _, raw := range byAnalyzer {
				var diags []struct {
					SuggestedFixes []struct {
						Edits []struct {
							Filename   string
							Start, End int
							New        string
						}
					} `json:"suggested_fixes"`
				}
				json.Unmarshal(raw, &diags) // an analyzer's error: TestEndToEnd reports it
				for _, d := range diags {
					for _, fix := range d.SuggestedFixes {
						src := string(before)
						edits := fix.Edits
						sort.Slice(edits, func(i, j int) bool { return edits[i].Start > edits[j].Start })
						for _, e := range edits {
							if e.Filename != file || e.Start > e.End || e.End > len(src) {
								src = ""
								break
							}
							src = src[:e.Start] + e.New + src[e.End:]
						}
						if src != "" {
							applied = append(applied, src)
						}
					}
				}
			}
		}
	}
	ok := false
	for _, src := range applied {
		ok = ok || strings.Replace(string(before), old, fixed, 1) == src
	}
	if !ok {
		t.Errorf("no suggested fix in examples/ rewrites %s's\n%s\ninto\n%s\n(%d fixes edit that file)", file, old, fixed, len(applied))
	}

	if os.Getenv(vetAll) != "1" {
		return
	}
	out, _ := command(dir, binary, "-fix", "-diff", "./...").CombinedOutput()
	for _, want := range []string{"-" + old, "+" + fixed} {
		if !strings.Contains(string(out), want) {
			t.Errorf("idemvet -fix -diff in examples/ lacks %q:\n%s", want, out)
		}
	}
	if after, _ := os.ReadFile(file); string(after) != string(before) {
		t.Errorf("-diff changed %s", file)
	}
}
