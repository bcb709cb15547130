package sarif_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/xeipuuv/gojsonschema"

	"github.com/idemvet/idemvet"
	"github.com/idemvet/idemvet/internal/docs"
	"github.com/idemvet/idemvet/internal/vettest"
)

var bin string // directory holding idemvet and idemvet-sarif

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "idemvet-sarif-test")
	if err != nil {
		panic(err)
	}
	bin = dir
	for _, pkg := range []string{"github.com/idemvet/idemvet/cmd/idemvet", "./cmd/idemvet-sarif"} {
		if out, err := exec.Command("go", "build", "-o", dir+string(filepath.Separator), pkg).CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "building %s: %v\n%s", pkg, err, out)
			os.Exit(1)
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// schema returns the SARIF 2.1.0 JSON schema (the OASIS
// sarif-schema-2.1.0.json, errata 01) that go-sarif ships as the constant
// "schema" in its v210 package, read from the module's source.
func schema(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/owenrumney/go-sarif/v3").Output()
	if err != nil {
		t.Fatalf("locating go-sarif: %v", err)
	}
	file := filepath.Join(strings.TrimSpace(string(out)), "pkg", "report", "v210", "sarif", "schema.go")
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			if len(vs.Names) == 1 && vs.Names[0].Name == "schema" {
				s, err := strconv.Unquote(vs.Values[0].(*ast.BasicLit).Value)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(s, `"title": "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"`) {
					t.Fatal("go-sarif's schema is not SARIF 2.1.0's")
				}
				return s
			}
		}
	}
	t.Fatalf("no schema constant in %s", file)
	return ""
}

// validate checks the bytes idemvet-sarif wrote against the schema.
func validate(t *testing.T, data []byte) {
	t.Helper()
	res, err := gojsonschema.Validate(gojsonschema.NewStringLoader(schema(t)), gojsonschema.NewBytesLoader(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors() {
		t.Errorf("SARIF schema: %s", e)
	}
}

// log is the part of SARIF the tests read.
type log struct {
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID               string                `json:"id"`
					ShortDescription struct{ Text string } `json:"shortDescription"`
					FullDescription  struct{ Text string } `json:"fullDescription"`
					Help             struct{ Text, Markdown string }
					HelpURI          string `json:"helpUri"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct{ Text string }
			Locations []struct {
				PhysicalLocation physical `json:"physicalLocation"`
			} `json:"locations"`
			RelatedLocations []struct {
				ID               int      `json:"id"`
				PhysicalLocation physical `json:"physicalLocation"`
				Message          struct{ Text string }
			} `json:"relatedLocations"`
			Fixes []struct {
				Description     struct{ Text string }
				ArtifactChanges []struct {
					ArtifactLocation struct{ URI string } `json:"artifactLocation"`
					Replacements     []struct {
						DeletedRegion struct {
							ByteOffset int `json:"byteOffset"`
							ByteLength int `json:"byteLength"`
						} `json:"deletedRegion"`
						InsertedContent struct{ Text string } `json:"insertedContent"`
					} `json:"replacements"`
				} `json:"artifactChanges"`
			} `json:"fixes"`
			Fingerprints        map[string]string `json:"fingerprints"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
		} `json:"results"`
	} `json:"runs"`
}

type physical struct {
	ArtifactLocation struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId"`
	} `json:"artifactLocation"`
	Region struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
		EndLine     int `json:"endLine"`
		EndColumn   int `json:"endColumn"`
	} `json:"region"`
}

func sarifOf(t *testing.T, dir string, args ...string) ([]byte, log) {
	t.Helper()
	cmd := exec.Command(filepath.Join(bin, "idemvet-sarif"), args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("idemvet-sarif %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	var l log
	if err := json.Unmarshal(stdout.Bytes(), &l); err != nil {
		t.Fatal(err)
	}
	return stdout.Bytes(), l
}

func copyDir(t *testing.T, from string) string {
	t.Helper()
	to := t.TempDir()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return to
}

// TestSARIF converts the findings of a small module and checks the
// report: valid against the SARIF 2.1.0 schema, one rule per analyzer with
// its documentation, results with start and end positions in UTF-16
// columns, related locations, fixes and fingerprints.
func TestSARIF(t *testing.T) {
	dir := copyDir(t, filepath.Join("testdata", "mod"))
	data, l := sarifOf(t, dir, "./...")
	validate(t, data)
	if l.Version != "2.1.0" || len(l.Runs) != 1 || l.Runs[0].Tool.Driver.Name != "idemvet" {
		t.Fatalf("version %q, %d runs", l.Version, len(l.Runs))
	}
	run := l.Runs[0]
	rules := run.Tool.Driver.Rules
	if len(rules) != len(idemvet.Suite) {
		t.Errorf("%d rules, want one per analyzer (%d)", len(rules), len(idemvet.Suite))
	}
	for i, a := range idemvet.Suite {
		if i >= len(rules) {
			break
		}
		r := rules[i]
		if r.ID != a.Name || r.HelpURI != a.URL || r.ShortDescription.Text != docs.Title(a) ||
			r.FullDescription.Text != docs.Body(a) || r.Help.Text != a.Doc || !strings.Contains(r.Help.Markdown, "# "+a.Name) {
			t.Errorf("rule %d = %+v, want the metadata of %s", i, r, a.Name)
		}
	}
	if len(run.Results) != 3 {
		t.Fatalf("%d results, want 3:\n%s", len(run.Results), data)
	}
	view, like, stale := run.Results[0], run.Results[1], run.Results[2]

	if view.RuleID != "lostupdate" || rules[view.RuleIndex].ID != "lostupdate" || view.Level != "error" ||
		!strings.HasPrefix(view.Message.Text, "lost update on posts.view_count") {
		t.Errorf("result 0: %+v", view)
	}
	loc := view.Locations[0].PhysicalLocation
	if loc.ArtifactLocation.URI != "views.go" || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" {
		t.Errorf("location %+v", loc.ArtifactLocation)
	}
	// The call's opening parenthesis to its end.
	if r := loc.Region; r.StartLine != 14 || r.StartColumn != 16 || r.EndLine != 14 || r.EndColumn != 84 {
		t.Errorf("region %+v, want 14:16-14:84", r)
	}
	if len(view.RelatedLocations) != 1 || view.RelatedLocations[0].PhysicalLocation.Region.StartLine != 13 ||
		view.RelatedLocations[0].Message.Text != "the read of posts.view_count" {
		t.Errorf("related locations %+v", view.RelatedLocations)
	}
	if len(view.Fixes) != 1 || view.Fixes[0].Description.Text != "Use view_count = view_count + $1" ||
		len(view.Fixes[0].ArtifactChanges) != 1 || view.Fixes[0].ArtifactChanges[0].ArtifactLocation.URI != "views.go" ||
		len(view.Fixes[0].ArtifactChanges[0].Replacements) != 2 {
		t.Fatalf("fixes %+v", view.Fixes)
	}
	// The replacements, applied, are the fix.
	src, _ := os.ReadFile(filepath.Join(dir, "views.go"))
	reps := view.Fixes[0].ArtifactChanges[0].Replacements
	fixed := string(src[:reps[0].DeletedRegion.ByteOffset]) + reps[0].InsertedContent.Text +
		string(src[reps[0].DeletedRegion.ByteOffset+reps[0].DeletedRegion.ByteLength:reps[1].DeletedRegion.ByteOffset]) +
		reps[1].InsertedContent.Text + string(src[reps[1].DeletedRegion.ByteOffset+reps[1].DeletedRegion.ByteLength:])
	if !strings.Contains(fixed, `db.ExecContext(ctx, "UPDATE posts SET view_count = view_count + $1 WHERE id = $2", 1, id)`) {
		t.Errorf("fix applied:\n%s", fixed)
	}

	// "\t/* «👍» */ " is 16 bytes before the call's name but 12 UTF-16
	// units: the parenthesis is at byte column 31, UTF-16 column 27.
	if r := like.Locations[0].PhysicalLocation.Region; r.StartLine != 20 || r.StartColumn != 27 {
		t.Errorf("non-ASCII line: region %+v, want 20:27", r)
	}

	if stale.RuleID != "lostupdate" || stale.Level != "warning" || !strings.Contains(stale.Message.Text, "matched no finding") {
		t.Errorf("stale directive: %+v", stale)
	}
	seen := map[string]bool{}
	for _, r := range run.Results {
		fp := r.Fingerprints["idemvet/v1"]
		if fp == "" || r.PartialFingerprints["idemvet/v1"] != fp || seen[fp] {
			t.Errorf("fingerprints %v / %v", r.Fingerprints, r.PartialFingerprints)
		}
		seen[fp] = true
	}
}

// TestFingerprintsStable checks that fingerprints survive lines inserted
// above the findings (which move them and the positions their messages
// cite) and that a changed message changes them.
func TestFingerprintsStable(t *testing.T) {
	dir := copyDir(t, filepath.Join("testdata", "mod"))
	_, before := sarifOf(t, dir, "./...")
	src, _ := os.ReadFile(filepath.Join(dir, "views.go"))
	moved := strings.Replace(string(src), "import (", "// A comment.\n// Another.\n\nimport (", 1)
	moved = strings.Replace(moved, "view_count", "views", -1)
	if err := os.WriteFile(filepath.Join(dir, "views.go"), []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	_, after := sarifOf(t, dir, "./...")
	b, a := before.Runs[0].Results, after.Runs[0].Results
	if len(a) != len(b) {
		t.Fatalf("%d results after the edit, %d before", len(a), len(b))
	}
	for i := range b {
		if a[i].Locations[0].PhysicalLocation.Region.StartLine != b[i].Locations[0].PhysicalLocation.Region.StartLine+3 {
			t.Errorf("result %d did not move", i)
		}
		same := a[i].Fingerprints["idemvet/v1"] == b[i].Fingerprints["idemvet/v1"]
		if changed := strings.Contains(b[i].Message.Text, "view_count"); same == changed {
			t.Errorf("result %d (%q): fingerprint same=%v, want %v", i, b[i].Message.Text, same, !changed)
		}
	}
}

// TestOutputFile writes the report with -o.
func TestOutputFile(t *testing.T) {
	dir := copyDir(t, filepath.Join("testdata", "mod"))
	out := filepath.Join(t.TempDir(), "idemvet.sarif")
	cmd := exec.Command(filepath.Join(bin, "idemvet-sarif"), "-o", out, "./...")
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil || len(b) > 0 {
		t.Fatalf("idemvet-sarif -o: %v\n%s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	validate(t, data)
}

// TestStdin converts what idemvet -json and go vet -json print.
func TestStdin(t *testing.T) {
	dir := copyDir(t, filepath.Join("testdata", "mod"))
	idemvetBin := filepath.Join(bin, "idemvet")
	if runtime.GOOS == "windows" {
		idemvetBin += ".exe"
	}
	for _, args := range [][]string{
		{idemvetBin, "-json", "./..."},
		{"go", "vet", "-vettool=" + idemvetBin, vettest.Nonce(), "-json", "./..."},
	} {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
		}
		conv := exec.Command(filepath.Join(bin, "idemvet-sarif"), "-root", dir)
		conv.Stdin = bytes.NewReader(out)
		data, err := conv.Output()
		if err != nil {
			t.Fatalf("idemvet-sarif < %s: %v", args[0], err)
		}
		validate(t, data)
		var l log
		json.Unmarshal(data, &l)
		if n := len(l.Runs[0].Results); n != 3 {
			t.Errorf("%s | idemvet-sarif: %d results, want 3", strings.Join(args, " "), n)
		}
		// The severity reaches the level, and go vet's tagged messages
		// (idemvet's tag is in them for go vet's text output) read as
		// idemvet -json's.
		for _, r := range l.Runs[0].Results {
			want := "error"
			if strings.Contains(r.Message.Text, "matched no finding") {
				want = "warning"
			}
			if r.Level != want || strings.HasSuffix(r.Message.Text, ", error)") || strings.HasSuffix(r.Message.Text, ", warning)") {
				t.Errorf("%s | idemvet-sarif: level %q, message %q; want %s and no tag", strings.Join(args, " "), r.Level, r.Message.Text, want)
			}
			for _, rel := range r.RelatedLocations {
				if strings.HasPrefix(rel.Message.Text, "related:") {
					t.Errorf("%s | idemvet-sarif: related message %q", strings.Join(args, " "), rel.Message.Text)
				}
			}
		}
	}
}

// TestEndToEnd converts the findings on the module built against the real
// libraries and validates the report.
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("needs testdata/e2e's dependencies")
	}
	dir, _ := filepath.Abs(filepath.Join("..", "testdata", "e2e"))
	data, l := sarifOf(t, dir, "./...")
	validate(t, data)
	if len(l.Runs[0].Results) < 20 {
		t.Errorf("only %d results on testdata/e2e", len(l.Runs[0].Results))
	}
	fixes := 0
	for _, r := range l.Runs[0].Results {
		fixes += len(r.Fixes)
		if r.Locations[0].PhysicalLocation.Region.EndLine == 0 {
			t.Errorf("%s at %+v: no end position", r.RuleID, r.Locations[0].PhysicalLocation)
		}
	}
	if fixes == 0 {
		t.Error("no fixes on testdata/e2e")
	}
}
