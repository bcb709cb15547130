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

	"github.com/idemvet/idemvet/internal/vettest"
)

var binary string

// TestMain builds cmd/idemvet, whose go vet runs this package drives. The
// end-to-end comparison of the standalone driver with x/tools' checker is
// cmd/idemvet's TestStandaloneAgreesWithChecker, which shares its run of
// the end-to-end module with the other tests there.
func TestMain(m *testing.M) {
	bin, cleanup, err := vettest.Build("../../cmd/idemvet")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = bin
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// TestFactsThroughSkippedLibrary vets a package that calls a repository's
// methods through a type alias of a library the driver skips: the
// repository's facts reach it only through the library's vetx file, which
// the driver writes without looking at the library.
func TestFactsThroughSkippedLibrary(t *testing.T) {
	cmd := vettest.GoVet(filepath.Join("testdata", "libchain", "app"), binary, "./...")
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
	// -work keeps the config files go vet wrote (and vettest's fresh nonce
	// makes it run the tool rather than answer from its cache).
	cmd := vettest.GoVet(filepath.Join("testdata", "libchain", "app"), binary, "-work", "./...")
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

// TestWiredImplementation runs idemvet standalone on a module whose
// service calls a repository interface implemented by a package it does
// not import (main wires the two): the implementation's facts reach the
// service through a wiring edge, so its read and write-back are a lost
// update; the write of the caller's value stays silent. The payout
// service declares its own interface, and the store's constructor returns
// the concrete type: the edge comes from the methods the store declares.
// The ledger service declares the interface that pgledger implements, and
// pgledger imports the service: the service is analyzed a second time,
// with pgledger's facts, and so is api/limits, which calls the store
// through the service's methods.
func TestWiredImplementation(t *testing.T) {
	cmd := exec.Command(binary, "./...")
	cmd.Dir = filepath.Join("testdata", "wiring")
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	var findings []string
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, ".go:") && !strings.Contains(line, "related:") {
			findings = append(findings, line)
		}
	}
	want := []string{
		"service.go:21:31: lost update on accounts.balance",
		"payout.go:22:33: lost update on payout_balances.balance",
		"ledger.go:24:31: lost update on credit_limits.credit_limit",
		"limits.go:17:21: lost update on credit_limits.credit_limit",
	}
	if len(findings) != len(want) {
		t.Errorf("want %d findings, got:\n%s", len(want), out)
	}
	for _, w := range want {
		found := false
		for _, f := range findings {
			found = found || strings.Contains(f, w)
		}
		if !found {
			t.Errorf("no finding %q in:\n%s", w, out)
		}
	}
}

// TestProfilesPerUnit runs go vet with -cpuprofile and -memprofile naming a
// directory: go vet passes the flags on (the driver's -flags lists them)
// and every unit run writes its own profiles there, named by the package,
// rather than each run overwriting one file.
func TestProfilesPerUnit(t *testing.T) {
	out, err := exec.Command(binary, "-flags").Output()
	if err != nil {
		t.Fatal(err)
	}
	var flags []struct{ Name string }
	if err := json.Unmarshal(out, &flags); err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, f := range flags {
		listed[f.Name] = true
	}
	for _, name := range []string{"cpuprofile", "memprofile", "debug", "json", "V"} {
		if !listed[name] {
			t.Errorf("-flags does not list -%s", name)
		}
	}
	dir := t.TempDir()
	cmd := vettest.GoVet(filepath.Join("testdata", "libchain", "app"), binary, "-cpuprofile="+dir, "-memprofile="+dir, "./...")
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil && !strings.Contains(string(out), "check-then-insert") {
		t.Fatalf("go vet: %v\n%s", err, out)
	}
	var cpu, mem []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || info.Size() == 0 {
			t.Errorf("%s: empty profile", e.Name())
		}
		switch {
		case strings.Contains(e.Name(), ".cpu-"):
			cpu = append(cpu, e.Name())
		case strings.Contains(e.Name(), ".mem-"):
			mem = append(mem, e.Name())
		}
	}
	has := func(names []string, prefix string) bool {
		for _, n := range names {
			if strings.HasPrefix(n, prefix) {
				return true
			}
		}
		return false
	}
	if !has(cpu, "example.com_app.cpu-") || !has(mem, "example.com_app.mem-") || len(cpu) < 2 || len(cpu) != len(mem) {
		t.Errorf("profiles in %s: cpu %v, mem %v; want one of each per unit, example.com/app among them", dir, cpu, mem)
	}
}

// TestSchemaIndexThroughFacts vets a module whose schema is DDL in a
// package nothing else imports: the lowest package talking to the
// database (store) reads the module's files for it, and the packages
// importing store take where the schema is from its facts instead of
// reading every file again, with the same findings: the UNIQUE the DDL
// declares makes signup's check-then-insert "unhandled", invite's table
// has none ("nounique").
func TestSchemaIndexThroughFacts(t *testing.T) {
	cmd := vettest.GoVet(filepath.Join("testdata", "schemaidx"), binary, "-debug=s", "./...")
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, _ := cmd.CombinedOutput()
	for _, want := range []string{
		"signup.go:24:25: check-then-insert on users(email): the UNIQUE constraint users_email_key",
		"invite.go:24:25: check-then-insert on invites(email): no UNIQUE constraint",
		"schema: example.com/schemaidx/store: read the module's files for its schema",
		"schema: example.com/schemaidx/signup: where the schema is comes from example.com/schemaidx/store's facts",
		"schema: example.com/schemaidx/invite: where the schema is comes from example.com/schemaidx/store's facts",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("go vet output lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(string(out), "read the module's files"); n != 1 {
		t.Errorf("%d runs read the module's files for the schema, want 1:\n%s", n, out)
	}
}

// TestSchemaWarnedOnce vets testdata/schemaidx with one statement of its
// schema cut short: the warning comes once, from the run that found where
// the schema is (store), not again from each package taking that from its
// facts (signup, invite), and the findings are the same.
func TestSchemaWarnedOnce(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "schemaidx"))); err != nil {
		t.Fatal(err)
	}
	ddl := filepath.Join(dir, "migrations", "migrations.go")
	data, err := os.ReadFile(ddl)
	if err != nil {
		t.Fatal(err)
	}
	const invites = "CREATE TABLE invites (id bigserial PRIMARY KEY, email text NOT NULL);\n"
	if !bytes.Contains(data, []byte(invites)) {
		t.Fatalf("%s lacks the invites table", ddl)
	}
	data = bytes.Replace(data, []byte(invites), []byte(invites+"CREATE TABLE audit (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT (now(;\n"), 1)
	if err := os.WriteFile(ddl, data, 0o644); err != nil {
		t.Fatal(err)
	}
	line := 1 + bytes.Count(data[:bytes.Index(data, []byte("CREATE TABLE audit"))], []byte("\n"))
	cmd := vettest.GoVet(dir, binary, "./...")
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, _ := cmd.CombinedOutput()
	warning := fmt.Sprintf("migrations.go:%d: could not read this statement to its end", line)
	if n := strings.Count(string(out), warning); n != 1 {
		t.Errorf("the schema warning is printed %d times, want once:\n%s", n, out)
	}
	for _, want := range []string{
		"signup.go:24:25: check-then-insert on users(email): the UNIQUE constraint users_email_key",
		"invite.go:24:25: check-then-insert on invites(email): no UNIQUE constraint",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("go vet output lacks %q:\n%s", want, out)
		}
	}
}

// TestTestOnlyCode runs the standalone driver on a module whose store has
// check-then-inserts that production reaches (a handler through an
// interface, a type handed to net/http, a client package for other
// modules) and ones only tests call: seen whole, the module's test-only
// code is silent (code nothing calls is reported: its callers may be out
// of view); a run of one package does not see the callers and reports it.
func TestTestOnlyCode(t *testing.T) {
	run := func(pattern string) []string {
		cmd := exec.Command(binary, pattern)
		cmd.Dir = filepath.Join("testdata", "testonly")
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		var at []string
		for _, line := range strings.Split(string(out), "\n") {
			if i := strings.Index(line, ": check-then-insert"); i >= 0 && !strings.Contains(line, "related:") {
				at = append(at, filepath.Base(strings.SplitN(line[:i], ":", 2)[0])+":"+strings.Split(line[:i], ":")[1])
			}
		}
		return at
	}
	if got, want := strings.Join(run("./..."), " "), "store.go:28 store.go:38 store.go:71 client.go:16"; got != want {
		t.Errorf("./...: findings at %s, want %s", got, want)
	}
	// SeedUser (store.go:48) is silent either way: its only caller is a
	// test of its own package (passes/entry).
	if got, want := strings.Join(run("./store/"), " "), "store.go:28 store.go:38 store.go:58 store.go:71"; got != want {
		t.Errorf("./store/: findings at %s, want %s", got, want)
	}
}
