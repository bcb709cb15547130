// Package sarif converts idemvet's findings to SARIF 2.1.0, for GitHub code
// scanning and other SARIF consumers.
//
// It reads the JSON that idemvet -json (and go vet -vettool=idemvet -json)
// print, and writes one run with one rule per analyzer (title, full
// documentation and help URI from the analyzer's Doc and URL), results with
// start and end positions, related locations, suggested fixes as
// replacements, and a fingerprint that survives edits elsewhere in the file.
//
// It lives in its own module because the SARIF library it builds on,
// github.com/owenrumney/go-sarif/v3, requires a JSON-schema validator and a
// UUID library: the main module requires only golang.org/x/tools (and
// testify for tests), so that golangci-lint plugin users inherit nothing
// else.
package sarif

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	sarif "github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/docs"
	"github.com/idemvet/idemvet/internal/report"
)

// InformationURI is the tool's home page.
const InformationURI = "https://github.com/idemvet/idemvet"

// FingerprintKey is the key of idemvet's fingerprint in each result's
// fingerprints and partialFingerprints.
const FingerprintKey = "idemvet/v1"

// SrcRoot is the uriBaseId of every location: the root directory.
const SrcRoot = "%SRCROOT%"

// Options control a conversion.
type Options struct {
	// Analyzers describe the rules: one rule per analyzer, in order.
	Analyzers []*analysis.Analyzer
	// Root is the directory locations are relative to (a repository's
	// root for GitHub code scanning). Files outside it keep absolute
	// file: URIs.
	Root string
	// Version is the tool version to record, if known.
	Version string
}

// JSON is the shape of the -json output of x/tools drivers: package ID →
// analyzer name → diagnostics or {"error": "..."}.
type JSON map[string]map[string]json.RawMessage

type jsonDiagnostic struct {
	Category       string `json:"category"`
	Severity       string `json:"severity"`
	Posn           string `json:"posn"`
	End            string `json:"end"`
	Message        string `json:"message"`
	SuggestedFixes []struct {
		Message string `json:"message"`
		Edits   []struct {
			Filename string `json:"filename"`
			Start    int    `json:"start"`
			End      int    `json:"end"`
			New      string `json:"new"`
		} `json:"edits"`
	} `json:"suggested_fixes"`
	Related []struct {
		Posn    string `json:"posn"`
		End     string `json:"end"`
		Message string `json:"message"`
	} `json:"related"`
}

// Read decodes a stream of JSON trees, skipping the "# package" lines go
// vet writes between them.
func Read(r io.Reader) ([]JSON, error) {
	var buf bytes.Buffer
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1024*1024), 64*1024*1024)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		buf.Write(sc.Bytes())
		buf.WriteByte('\n')
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	var trees []JSON
	dec := json.NewDecoder(&buf)
	for dec.More() {
		var t JSON
		if err := dec.Decode(&t); err != nil {
			return nil, fmt.Errorf("reading idemvet -json output: %v", err)
		}
		trees = append(trees, t)
	}
	return trees, nil
}

// finding is one diagnostic with its analyzer.
type finding struct {
	analyzer string
	diag     jsonDiagnostic
	pos, end position
}

type position struct {
	file      string
	line, col int // col in bytes, 1-based
}

// parsePosition parses "file:line:col" (the file may hold colons).
func parsePosition(s string) (position, bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return position{}, false
	}
	j := strings.LastIndexByte(s[:i], ':')
	if j < 0 {
		return position{}, false
	}
	line, err1 := strconv.Atoi(s[j+1 : i])
	col, err2 := strconv.Atoi(s[i+1:])
	if err1 != nil || err2 != nil {
		return position{}, false
	}
	return position{file: s[:j], line: line, col: col}, true
}

// Convert builds the SARIF report of trees.
func Convert(trees []JSON, opts Options) (*sarif.Report, error) {
	c := &converter{opts: opts, files: map[string][]byte{}, modRoots: map[string]string{}}
	if c.opts.Root == "" {
		c.opts.Root, _ = os.Getwd()
	}
	root, err := filepath.Abs(c.opts.Root)
	if err != nil {
		return nil, err
	}
	c.opts.Root = root

	rep := sarif.NewReport()
	run := sarif.NewRunWithInformationURI("idemvet", InformationURI)
	if opts.Version != "" {
		run.Tool.Driver.WithVersion(opts.Version)
	}
	run.WithColumnKind("utf16CodeUnits")
	run.WithOriginalUriBaseIds(map[string]sarif.ArtifactLocation{SrcRoot: *sarif.NewArtifactLocation().WithURI(fileURI(root) + "/")})
	for _, a := range opts.Analyzers {
		c.rule(run, a)
	}

	var findings []finding
	inv := sarif.NewInvocation().WithExecutionSuccessful(true)
	seen := map[string]bool{}
	for _, tree := range trees {
		for _, pkg := range sortedKeys(tree) {
			for _, name := range sortedKeys(tree[pkg]) {
				raw := tree[pkg][name]
				var failed struct {
					Error string `json:"error"`
				}
				if json.Unmarshal(raw, &failed) == nil && failed.Error != "" {
					inv.WithExecutionSuccessful(false)
					inv.AddToolExecutionNotification(sarif.NewNotification().WithLevel("error").
						WithMessage(sarif.NewTextMessage(fmt.Sprintf("%s failed on %s: %s", name, pkg, failed.Error))))
					continue
				}
				var diags []jsonDiagnostic
				if err := json.Unmarshal(raw, &diags); err != nil {
					return nil, fmt.Errorf("%s on %s: %v", name, pkg, err)
				}
				for _, d := range diags {
					// A file belongs to a package and its test variant:
					// report it once.
					key := name + "\x00" + d.Posn + "\x00" + d.Message
					if seen[key] {
						continue
					}
					seen[key] = true
					pos, ok := parsePosition(d.Posn)
					if !ok {
						return nil, fmt.Errorf("%s on %s: bad position %q", name, pkg, d.Posn)
					}
					end, ok := parsePosition(d.End)
					if !ok {
						end = pos
					}
					untag(name, &d)
					findings = append(findings, finding{analyzer: name, diag: d, pos: pos, end: end})
				}
			}
		}
	}
	sort.SliceStable(findings, func(i, j int) bool {
		a, b := findings[i], findings[j]
		if a.pos.file != b.pos.file {
			return a.pos.file < b.pos.file
		}
		if a.pos.line != b.pos.line {
			return a.pos.line < b.pos.line
		}
		if a.pos.col != b.pos.col {
			return a.pos.col < b.pos.col
		}
		return a.analyzer < b.analyzer
	})

	occurrences := map[string]int{}
	for _, f := range findings {
		if run.GetRuleIndex(f.analyzer) < 0 {
			run.AddRule(f.analyzer) // an analyzer the caller did not describe
		}
		res := sarif.NewRuleResult(f.analyzer).WithRuleIndex(run.GetRuleIndex(f.analyzer))
		res.WithLevel(level(f.analyzer, f.diag)).WithMessage(sarif.NewTextMessage(f.diag.Message))
		res.AddLocation(sarif.NewLocationWithPhysicalLocation(c.physical(f.pos, f.end)))
		for i, r := range f.diag.Related {
			pos, ok := parsePosition(r.Posn)
			if !ok {
				continue
			}
			end, ok := parsePosition(r.End)
			if !ok {
				end = pos
			}
			res.AddRelatedLocation(sarif.NewLocationWithPhysicalLocation(c.physical(pos, end)).
				WithID(i + 1).WithMessage(sarif.NewTextMessage(r.Message)))
		}
		for _, sf := range f.diag.SuggestedFixes {
			fix := sarif.NewFix().WithDescription(sarif.NewTextMessage(sf.Message))
			byFile := map[string]*sarif.ArtifactChange{}
			var order []string
			for _, e := range sf.Edits {
				ch := byFile[e.Filename]
				if ch == nil {
					ch = sarif.NewArtifactChange().WithArtifactLocation(c.artifact(e.Filename))
					byFile[e.Filename] = ch
					order = append(order, e.Filename)
				}
				ch.AddReplacement(sarif.NewReplacement().
					WithDeletedRegion(sarif.NewRegion().WithByteOffset(e.Start).WithByteLength(e.End - e.Start)).
					WithInsertedContent(sarif.NewArtifactContent().WithText(e.New)))
			}
			for _, file := range order {
				fix.AddArtifactChange(byFile[file])
			}
			res.AddFixe(fix)
		}
		if f.diag.Category != "" {
			res.WithProperties(sarif.NewPropertyBag().Add("category", f.diag.Category).Add("severity", level(f.analyzer, f.diag)))
		}
		fp := c.fingerprint(f)
		occurrences[fp]++
		fp = fmt.Sprintf("%s:%d", fp, occurrences[fp])
		res.WithFingerprints(map[string]string{FingerprintKey: fp}).WithPartialFingerprints(map[string]string{FingerprintKey: fp})
		run.AddResult(res)
	}
	run.AddInvocation(inv)
	rep.AddRun(run)
	return rep, nil
}

// level is a result's SARIF level: the finding's severity, as the JSON
// says or, for JSON written without it, as report.Grades grades its
// category; "warning" for a category the table does not know.
func level(analyzer string, d jsonDiagnostic) string {
	if d.Severity != "" {
		return d.Severity
	}
	if sev, ok := report.SeverityOf(analyzer, d.Category); ok {
		return string(sev)
	}
	return string(report.Warning)
}

// untag removes what idemvet adds to messages under go vet, whose text
// output prints only messages: the tag ("(checkfindinsert.unhandled,
// warning)") after a finding's message and "related: " before its related
// information's.
func untag(analyzer string, d *jsonDiagnostic) {
	tag := " " + report.Tag(analyzer, d.Category)
	if !strings.HasSuffix(d.Message, tag) {
		return
	}
	d.Message = strings.TrimSuffix(d.Message, tag)
	for i := range d.Related {
		d.Related[i].Message = strings.TrimPrefix(d.Related[i].Message, "related: ")
	}
}

type converter struct {
	opts     Options
	files    map[string][]byte
	modRoots map[string]string
}

// rule describes analyzer a.
func (c *converter) rule(run *sarif.Run, a *analysis.Analyzer) {
	r := run.AddRule(a.Name).WithName(a.Name)
	r.WithShortDescription(sarif.NewMultiformatMessageString().WithText(docs.Title(a)))
	r.WithFullDescription(sarif.NewMultiformatMessageString().WithText(docs.Body(a)))
	r.WithHelp(sarif.NewMultiformatMessageString().WithText(a.Doc).WithMarkdown(string(docs.Page(a))))
	if a.URL != "" {
		r.WithHelpURI(a.URL)
	}
	// The rule's default is its gravest category's severity; each result
	// carries its own.
	lvl := report.Warning
	for _, g := range report.GradesOf(a.Name) {
		if g.Analyzer == a.Name && g.Severity == report.Error {
			lvl = report.Error
		}
	}
	r.WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(string(lvl)))
	r.WithProperties(sarif.NewPropertyBag().WithTags([]string{"concurrency", "correctness"}))
}

// physical returns the location of [pos, end].
func (c *converter) physical(pos, end position) *sarif.PhysicalLocation {
	region := sarif.NewRegion().WithStartLine(pos.line).WithStartColumn(c.column(pos))
	if end.file == pos.file && (end.line > pos.line || end.line == pos.line && end.col > pos.col) {
		region.WithEndLine(end.line).WithEndColumn(c.column(end))
	}
	return sarif.NewPhysicalLocation().WithArtifactLocation(c.artifact(pos.file)).WithRegion(region)
}

// column converts a 1-based byte column to the 1-based UTF-16 column SARIF
// counts by default.
func (c *converter) column(p position) int {
	data := c.read(p.file)
	if data == nil {
		return p.col
	}
	lines := bytes.SplitN(data, []byte("\n"), p.line+1)
	if p.line < 1 || p.line > len(lines) {
		return p.col
	}
	line := lines[p.line-1]
	if p.col-1 > len(line) {
		return p.col
	}
	units := 0
	for _, r := range string(line[:p.col-1]) {
		if r >= 0x10000 {
			units += 2
		} else {
			units++
		}
	}
	if !utf8.Valid(line[:p.col-1]) {
		return p.col
	}
	return units + 1
}

func (c *converter) read(file string) []byte {
	if data, ok := c.files[file]; ok {
		return data
	}
	data, _ := os.ReadFile(file)
	c.files[file] = data
	return data
}

// artifact returns file's location relative to the root, or its absolute
// file: URI when it is outside.
func (c *converter) artifact(file string) *sarif.ArtifactLocation {
	abs, err := filepath.Abs(file)
	if err != nil {
		abs = file
	}
	rel, err := filepath.Rel(c.opts.Root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return sarif.NewArtifactLocation().WithURI(fileURI(abs))
	}
	return sarif.NewArtifactLocation().WithURI(filepath.ToSlash(rel)).WithURIBaseID(SrcRoot)
}

// positionsInMessage matches the file:line citations of messages
// ("the lookup at store.go:41"), which move when code above them changes.
var positionsInMessage = regexp.MustCompile(`(\.go):\d+`)

// fingerprint identifies a finding independently of line numbers: the
// analyzer, the file relative to its module root and the message without
// line numbers. Identical findings in one file are told apart by Convert
// with an occurrence count.
func (c *converter) fingerprint(f finding) string {
	msg := positionsInMessage.ReplaceAllString(f.diag.Message, "$1")
	h := sha256.Sum256([]byte(f.analyzer + "\x00" + c.moduleRelative(f.pos.file) + "\x00" + msg))
	return hex.EncodeToString(h[:16])
}

// moduleRelative returns file relative to the root of the module holding
// it (the nearest directory above it with a go.mod), or its base name.
func (c *converter) moduleRelative(file string) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return filepath.Base(file)
	}
	dir := filepath.Dir(abs)
	for d := dir; ; {
		if root, ok := c.modRoots[d]; ok {
			dir = root
			break
		}
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			c.modRoots[filepath.Dir(abs)] = d
			dir = d
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			return filepath.Base(file)
		}
		d = parent
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil {
		return filepath.Base(file)
	}
	return filepath.ToSlash(rel)
}

func fileURI(abs string) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive
	}
	return "file://" + p
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
