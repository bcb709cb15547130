package vetdriver_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/idemvet/idemvet"
	"github.com/idemvet/idemvet/passes/dbcall"
)

var binary string

// TestMain builds cmd/idemvet, whose go vet runs this package drives.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "vetdriver-test")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "idemvet")
	if out, err := exec.Command("go", "build", "-o", binary, "../../cmd/idemvet").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building idemvet: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestFactsThroughSkippedLibrary vets a package that calls a repository's
// methods through a type alias of a library the driver skips: the
// repository's facts reach it only through the library's vetx file, which
// the driver writes without looking at the library.
func TestFactsThroughSkippedLibrary(t *testing.T) {
	cmd := exec.Command("go", "vet", "-vettool="+binary, "./...")
	cmd.Dir = filepath.Join("testdata", "libchain", "app")
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	want := "app.go:19:17: check-then-insert on users(email)"
	if !strings.Contains(stderr.String(), want) {
		t.Errorf("go vet output lacks %q:\n%s", want, stderr.String())
	}
}

// TestJSONAndExitCode checks the protocol of a unit run on a config go vet
// wrote: with -json (as go vet always runs it) the findings go to the
// config's Stdout file as a JSON tree and the exit code is 0; in plain
// mode they go to stderr and the exit code is 1; -NAME=false disables an
// analyzer.
func TestJSONAndExitCode(t *testing.T) {
	work := t.TempDir()
	// A fresh nonce makes go vet run the tool (not answer from its cache),
	// and -work keeps the config files it wrote.
	nonce := fmt.Sprintf("-bench.nonce=%d", time.Now().UnixNano())
	cmd := exec.Command("go", "vet", "-work", "-vettool="+binary, nonce, "./...")
	cmd.Dir = filepath.Join("testdata", "libchain", "app")
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOTMPDIR="+work)
	out, _ := cmd.CombinedOutput()
	var vcfg map[string]any
	filepath.WalkDir(work, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.Name() != "vet.cfg" {
			return nil
		}
		var m map[string]any
		if data, err := os.ReadFile(path); err == nil && json.Unmarshal(data, &m) == nil && m["ImportPath"] == "example.com/app" {
			vcfg = m
		}
		return nil
	})
	if vcfg == nil {
		t.Fatalf("no vet.cfg of example.com/app under %s:\n%s", work, out)
	}
	stdoutFile := filepath.Join(work, "stdout")
	vcfg["Stdout"] = stdoutFile
	vcfg["VetxOutput"] = filepath.Join(work, "vetx")
	data, _ := json.Marshal(vcfg)
	cfgFile := filepath.Join(work, "unit.cfg")
	if err := os.WriteFile(cfgFile, data, 0o644); err != nil {
		t.Fatal(err)
	}

	run := func(args ...string) (stdout, stderr string, code int) {
		os.Remove(stdoutFile)
		cmd := exec.Command(binary, append(args, cfgFile)...)
		var errb bytes.Buffer
		cmd.Stderr = &errb
		err := cmd.Run()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		outb, _ := os.ReadFile(stdoutFile)
		return string(outb), errb.String(), code
	}
	if _, stderr, code := run(); code != 1 || !strings.Contains(stderr, "app.go:19:17: check-then-insert on users(email)") {
		t.Errorf("plain run: exit %d, stderr:\n%s", code, stderr)
	}
	stdout, stderr, code := run("-json")
	var tree map[string]map[string][]struct {
		Posn, Message string
		Related       []struct{ Posn, Message string }
	}
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil || code != 0 || stderr != "" {
		t.Fatalf("-json run: exit %d, %v, stdout:\n%s\nstderr:\n%s", code, err, stdout, stderr)
	}
	if d := tree["example.com/app"]["checkfindinsert"]; len(d) != 1 || !strings.HasSuffix(d[0].Posn, "app.go:19:17") || len(d[0].Related) != 1 {
		t.Errorf("-json run: unexpected tree:\n%s", stdout)
	}
	if stdout, stderr, code := run("-json", "-checkfindinsert=false"); code != 0 || strings.TrimSpace(stdout) != "{}" || stderr != "" {
		t.Errorf("-checkfindinsert=false: exit %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

// TestLibrariesCarryNoFacts runs idemvet's suite over the standard library
// and the database libraries the end-to-end module uses, and checks the
// promise behind the driver's shortcut: no analyzer attaches a fact to a
// package for which dbcall.IsLibrary (what cmd/idemvet passes as
// Options.NoFacts) reports true, nor to its objects. A new analyzer with
// facts about library code must come with its own NoFacts rule.
func TestLibrariesCarryNoFacts(t *testing.T) {
	if testing.Short() {
		t.Skip("analyzes the standard library and the end-to-end module's dependencies")
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: filepath.Join("..", "..", "testdata", "e2e"), Tests: false}
	pkgs, err := packages.Load(cfg,
		"database/sql", "net/http", "net/smtp", "os", "encoding/json",
		"github.com/jackc/pgx/v5", "github.com/jackc/pgx/v5/pgxpool", "github.com/jmoiron/sqlx",
		"gorm.io/gorm", "gorm.io/driver/postgres", "github.com/lib/pq", "github.com/go-sql-driver/mysql",
		"github.com/redis/go-redis/v9")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("packages failed to load")
	}
	graph, err := checker.Analyze(idemvet.Suite, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for act := range graph.All() {
		pkg := act.Package.Types
		if !dbcall.IsLibrary(pkg.Path()) {
			continue
		}
		checked++
		for _, f := range act.AllObjectFacts() {
			if f.Object.Pkg() == pkg {
				t.Errorf("%s: %s exports a fact about %s: %s", pkg.Path(), act.Analyzer.Name, f.Object, f.Fact)
			}
		}
		for _, f := range act.AllPackageFacts() {
			if f.Package == pkg {
				t.Errorf("%s: %s exports a package fact: %s", pkg.Path(), act.Analyzer.Name, f.Fact)
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d actions on library packages; the test lost its subject", checked)
	}
}

// TestStandaloneAgreesWithChecker runs the standalone driver and x/tools'
// checker (what multichecker runs) over the end-to-end module and compares
// their -json trees, diagnostic by diagnostic (the order of diagnostics
// within a package follows the file set's layout, which differs).
func TestStandaloneAgreesWithChecker(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the end-to-end module's dependencies from source")
	}
	dir := filepath.Join("..", "..", "testdata", "e2e")
	cmd := exec.Command(binary, "-json", "./...")
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("idemvet -json: %v\n%s", err, stderr.String())
	}
	got := jsonSet(t, stdout.Bytes())

	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir, Tests: true}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	graph, err := checker.Analyze(idemvet.Suite, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := graph.PrintJSON(&buf); err != nil {
		t.Fatal(err)
	}
	want := jsonSet(t, buf.Bytes())
	if len(want) == 0 {
		t.Fatal("the checker found nothing; the test lost its subject")
	}
	for k := range want {
		if !got[k] {
			t.Errorf("missing: %s", k)
		}
	}
	for k := range got {
		if !want[k] {
			t.Errorf("unexpected: %s", k)
		}
	}
}

// jsonSet flattens a -json tree into "package analyzer diagnostic" strings.
func jsonSet(t *testing.T, data []byte) map[string]bool {
	t.Helper()
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &tree); err != nil {
		t.Fatalf("%v:\n%s", err, data)
	}
	set := map[string]bool{}
	for id, byAnalyzer := range tree {
		for name, raw := range byAnalyzer {
			var diags []json.RawMessage
			if json.Unmarshal(raw, &diags) != nil {
				set[id+" "+name+" "+string(raw)] = true // an error
				continue
			}
			for _, d := range diags {
				var buf bytes.Buffer
				json.Compact(&buf, d)
				set[id+" "+name+" "+buf.String()] = true
			}
		}
	}
	return set
}
