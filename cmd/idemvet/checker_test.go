package main_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/idemvet/idemvet"
	"github.com/idemvet/idemvet/passes/dbcall"
)

// TestStandaloneAgreesWithChecker runs x/tools' checker (what multichecker
// runs) over the end-to-end module, every package from source, and holds
// idemvet's own standalone driver (internal/vetdriver) to it:
//
//   - their -json trees agree, diagnostic by diagnostic (the order of
//     diagnostics within a package follows the file set's layout, which
//     differs);
//   - no analyzer attaches a fact to a package for which dbcall.IsLibrary
//     (what cmd/idemvet passes as vetdriver's Options.NoFacts) reports
//     true, nor to its objects: the promise behind the driver's shortcut,
//     checked on the standard library and the database, HTTP and retry
//     libraries the module uses. A new analyzer with facts about library
//     code must come with its own NoFacts rule.
func TestStandaloneAgreesWithChecker(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the end-to-end module's dependencies from source")
	}
	t.Parallel()
	dir := filepath.Join(repoRoot(t), "testdata", "e2e")
	r := standaloneJSON(t, dir)
	if len(r.stderr) > 0 {
		t.Fatalf("idemvet -json wrote to stderr:\n%s", r.stderr)
	}
	got := jsonSet(t, r.stdout)

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

	libraries := map[string]bool{}
	for act := range graph.All() {
		pkg := act.Package.Types
		if !dbcall.IsLibrary(pkg.Path()) {
			continue
		}
		libraries[pkg.Path()] = true
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
	for _, path := range []string{
		"database/sql", "net/http", "net/smtp", "os", "encoding/json",
		"github.com/jackc/pgx/v5", "github.com/jackc/pgx/v5/pgxpool", "gorm.io/gorm",
		"github.com/lib/pq", "github.com/go-sql-driver/mysql", "github.com/redis/go-redis/v9",
		"github.com/hashicorp/go-retryablehttp", "google.golang.org/grpc",
	} {
		if !libraries[path] {
			t.Errorf("%s was not analyzed as a library; the test lost part of its subject", path)
		}
	}
}

// jsonSet flattens a -json tree into "analyzer diagnostic" strings, the
// package left out: a finding in a file of a package and of its test
// variant is printed once by idemvet, under both by the checker. The
// severity, idemvet's addition to the JSON schema, is left out too.
func jsonSet(t *testing.T, data []byte) map[string]bool {
	t.Helper()
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &tree); err != nil {
		t.Fatalf("%v:\n%s", err, data)
	}
	set := map[string]bool{}
	for id, byAnalyzer := range tree {
		for name, raw := range byAnalyzer {
			var diags []map[string]any
			if json.Unmarshal(raw, &diags) != nil {
				set[id+" "+name+" "+string(raw)] = true // an error
				continue
			}
			for _, d := range diags {
				delete(d, "severity")
				b, _ := json.Marshal(d)
				set[name+" "+string(b)] = true
			}
		}
	}
	return set
}
