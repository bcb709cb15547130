// Package report is how idemvet's checkers report: it drops findings in
// generated files, honors //idemvet:ignore and //idemvet:file-ignore
// directives, keeps one finding per position and analyzer, drops the
// categories turned off (-NAME.CATEGORY=false) and, unless -testfiles,
// findings in _test.go files, and, when the checker is done (Finish),
// reports the directives naming the checker that are malformed or matched
// no finding. Grades (severity.go) lists every category with its
// severity.
//
// Each analyzer runs on its own (standalone, under go vet, in golangci-lint
// and nogo alike), so whether a directive matched is decided per analyzer:
// "//idemvet:ignore lostupdate,noversion reason" is checked by lostupdate
// for lostupdate and by noversion for noversion.
package report

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/passes/config"
)

// Analyzers lists the names a directive may use besides "all": idemvet's
// checkers, including those not yet in the default suite. A directive
// naming anything else is reported as a probable typo by the checker whose
// name is closest.
var Analyzers = []string{"checkfindinsert", "lostupdate", "noversion", "retrypost", "lockacrosscall", "upsert", "redelivery", "cronlease"}

// Category is the Diagnostic.Category of the reports about directives.
const Category = "directive"

// Reporter reports the findings of one analyzer in one package.
type Reporter struct {
	pass       *analysis.Pass
	name       string
	seen       map[token.Pos]bool
	gen        map[*token.File]bool
	cgo        map[*token.File]string // cmd/cgo's translations of files that import "C", to the originals' names
	fixChecked map[string]string      // file → why fixes may not edit it ("" if they may)
	directives []*directive           // every directive of the package's non-generated files
	finished   bool
}

// directive is one //idemvet: comment of a file.
type directive struct {
	Directive
	file *token.File
	// from and to delimit what an ignore covers: its own line, and the
	// statements beginning on the line after its comment group.
	from, to token.Pos
	matched  bool // a finding of this Reporter's analyzer was suppressed by it
}

// New returns a Reporter for pass.
func New(pass *analysis.Pass) *Reporter {
	r := &Reporter{pass: pass, name: pass.Analyzer.Name, seen: map[token.Pos]bool{}, gen: map[*token.File]bool{}, cgo: map[*token.File]string{}}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		if tf == nil {
			continue
		}
		if analysisutil.Generated(pass.Fset, f) {
			r.gen[tf] = true
			continue // generated code is never reported in, so directives there do nothing
		}
		if analysisutil.Translated(pass.Fset, f) {
			r.cgo[tf] = pass.Fset.Position(f.Package).Filename // cmd/cgo's copy of the user's file: reported as the original
		}
		var stmtEnds map[int]token.Pos // line → end of the furthest node beginning there
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				d, ok := ParseDirective(c.Text)
				if !ok {
					continue
				}
				d.Pos, d.End = c.Pos(), c.End()
				dir := &directive{Directive: d, file: tf}
				if !d.File {
					if stmtEnds == nil {
						stmtEnds = nodeEnds(tf, f)
					}
					line := tf.Line(c.Pos())
					next := tf.Line(cg.End()) + 1
					dir.from = tf.LineStart(line)
					dir.to = lineEnd(tf, next)
					if end, ok := stmtEnds[next]; ok && end > dir.to {
						dir.to = end
					}
				}
				r.directives = append(r.directives, dir)
			}
		}
	}
	return r
}

// nodeEnds maps each line of f to the end of the largest statement,
// declaration or spec that begins on it, so that a directive above a
// statement spanning several lines (a gorm chain, a multi-line call)
// covers findings anywhere in it.
func nodeEnds(tf *token.File, f *ast.File) map[int]token.Pos {
	ends := map[int]token.Pos{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case ast.Stmt, ast.Decl, ast.Spec, *ast.Field:
			if _, ok := n.(*ast.BlockStmt); ok {
				return true // a block is not "the statement below"
			}
			line := tf.Line(n.Pos())
			if n.End() > ends[line] {
				ends[line] = n.End()
			}
		}
		return true
	})
	return ends
}

// lineEnd returns the position of the end of line in tf (the start of the
// next line, or the end of the file).
func lineEnd(tf *token.File, line int) token.Pos {
	if line < tf.LineCount() {
		return tf.LineStart(line+1) - 1
	}
	return token.Pos(tf.Base() + tf.Size())
}

// Directive is a parsed //idemvet: comment.
type Directive struct {
	Pos, End token.Pos // set by New; zero from ParseDirective
	// Verb is the directive as written: "idemvet:ignore",
	// "idemvet:file-ignore", or a misspelling of one.
	Verb string
	// File is true for //idemvet:file-ignore.
	File bool
	// Names are the analyzers the directive names ("all" for every one).
	Names []string
	// Reason is the mandatory justification.
	Reason string
	// Problem says why the directive is malformed, and is honored by no
	// analyzer; "" when it is well-formed.
	Problem string
}

// ParseDirective parses the text of a comment: "//idemvet:ignore a,b
// reason" or "//idemvet:file-ignore a reason". ok reports whether the
// comment is meant as an idemvet directive at all; Problem is set when it
// is one but malformed (no reason, no analyzer, an unknown verb, or a space
// after "//", which would make it prose to the go tool's directive syntax
// and to readers).
func ParseDirective(text string) (d Directive, ok bool) {
	body, found := strings.CutPrefix(text, "//")
	if !found {
		return d, false
	}
	spaced := strings.TrimLeft(body, " \t")
	if !strings.HasPrefix(spaced, "idemvet:") {
		return d, false
	}
	verb, rest, _ := strings.Cut(spaced[len("idemvet:"):], " ")
	d.Verb = "idemvet:" + verb
	fields := strings.Fields(rest)
	if len(fields) > 0 {
		d.Names = strings.Split(fields[0], ",")
	}
	if len(fields) > 1 {
		d.Reason = strings.Join(fields[1:], " ")
	}
	switch verb {
	case "ignore":
	case "file-ignore":
		d.File = true
	default:
		if spaced != body {
			return d, false // prose that happens to start with "idemvet:"
		}
		d.Problem = "unknown directive; use //idemvet:ignore or //idemvet:file-ignore"
		return d, true
	}
	switch {
	case spaced != body:
		if !slices.ContainsFunc(d.Names, func(n string) bool { return n == "all" || known(n) }) {
			return d, false // prose that happens to start with "idemvet:ignore"
		}
		d.Problem = fmt.Sprintf("no space is allowed between // and %s", d.Verb)
	case len(d.Names) == 0 || d.Names[0] == "":
		d.Problem = fmt.Sprintf("it names no analyzer; write //%s <analyzer>[,<analyzer>] <reason>", d.Verb)
	case d.Reason == "":
		d.Problem = fmt.Sprintf("the reason is missing; write //%s %s <reason>", d.Verb, fields[0])
	}
	return d, true
}

// names reports whether d names analyzer (or "all").
func (d Directive) names(analyzer string) bool {
	for _, n := range d.Names {
		if n == analyzer || n == "all" {
			return true
		}
	}
	return false
}

// Report reports d unless it is in generated code, suppressed by a
// directive, or a duplicate.
func (r *Reporter) Report(d analysis.Diagnostic) {
	tf := r.pass.Fset.File(d.Pos)
	if tf == nil || r.gen[tf] || r.seen[d.Pos] {
		return
	}
	suppressed := false
	for _, dir := range r.directives {
		if dir.file != tf || dir.Problem != "" || !dir.names(r.name) {
			continue
		}
		if dir.File || dir.from <= d.Pos && d.Pos <= dir.to {
			dir.matched = true
			suppressed = true
		}
	}
	if suppressed || !r.reported(tf, d.Category) {
		return
	}
	r.seen[d.Pos] = true
	if !d.End.IsValid() {
		d.End = r.end(d.Pos)
	}
	if r.cgo[tf] != "" {
		// The edits' offsets are the translation's, not the original's.
		d.SuggestedFixes = nil
	}
	r.fixable(&d)
	r.pass.Report(d)
}

// reported reports whether a finding of category in tf is shown: its
// category is not turned off (-NAME.CATEGORY=false), and it is not in a
// _test.go file, unless -testfiles. Directives are matched before this, so
// one that suppresses a finding turned off is not reported as stale.
func (r *Reporter) reported(tf *token.File, category string) bool {
	if !enabled(&r.pass.Analyzer.Flags, category) {
		return false
	}
	name := tf.Name()
	if orig := r.cgo[tf]; orig != "" {
		name = orig // a cgo translation's name is the go command's
	}
	return config.TestFiles() || !strings.HasSuffix(name, "_test.go")
}

// end returns the end of the call whose opening parenthesis is at pos (the
// position SSA gives a call, where checkers report), so that front ends
// showing ranges (SARIF, editors) mark the call; NoPos otherwise.
func (r *Reporter) end(pos token.Pos) token.Pos {
	for _, f := range r.pass.Files {
		if pos < f.FileStart || pos >= f.FileEnd {
			continue
		}
		var end token.Pos
		ast.Inspect(f, func(n ast.Node) bool {
			if end.IsValid() || n == nil || pos < n.Pos() || pos >= n.End() {
				return false
			}
			if call, ok := n.(*ast.CallExpr); ok && call.Lparen == pos {
				end = call.End()
				return false
			}
			return true
		})
		return end
	}
	return token.NoPos
}

// Generated reports whether pos is in a generated file.
func (r *Reporter) Generated(pos token.Pos) bool {
	tf := r.pass.Fset.File(pos)
	return tf != nil && r.gen[tf]
}

// Finish reports the directives this analyzer is responsible for: the
// malformed ones, those naming an unknown analyzer, and those naming this
// analyzer that matched none of its findings. A checker calls it once, after
// its last Report, on every run in which it looked for findings (not when it
// gave up on the package, since then it cannot tell).
//
// A directive naming "all" is never reported as unmatched: no single
// analyzer can tell.
func (r *Reporter) Finish() {
	if r.finished {
		return
	}
	r.finished = true
	for _, dir := range r.directives {
		if !r.reported(dir.file, Category) {
			continue
		}
		for _, msg := range r.problems(dir) {
			d := analysis.Diagnostic{Pos: dir.Pos, End: dir.End, Category: Category, Message: msg}
			if !dir.matched && dir.Problem == "" && len(dir.Names) == 1 && dir.Names[0] == r.name && r.cgo[dir.file] == "" {
				d.SuggestedFixes = []analysis.SuggestedFix{{Message: "Remove the directive", TextEdits: []analysis.TextEdit{r.removal(dir)}}}
				r.fixable(&d)
			}
			r.pass.Report(d)
		}
	}
}

// removal deletes dir: its whole line when the comment stands alone on it,
// otherwise the comment and the blanks before it.
func (r *Reporter) removal(dir *directive) analysis.TextEdit {
	edit := analysis.TextEdit{Pos: dir.Pos, End: dir.End}
	if r.pass.ReadFile == nil {
		return edit
	}
	src, err := r.pass.ReadFile(dir.file.Name())
	if err != nil || dir.file.Size() != len(src) {
		return edit
	}
	start := dir.file.Offset(dir.Pos)
	end := dir.file.Offset(dir.End)
	lineStart := start
	for lineStart > 0 && (src[lineStart-1] == ' ' || src[lineStart-1] == '\t') {
		lineStart--
	}
	if lineStart == 0 || src[lineStart-1] == '\n' {
		if end < len(src) && src[end] == '\n' {
			end++
		}
	}
	edit.Pos, edit.End = dir.file.Pos(lineStart), dir.file.Pos(end)
	return edit
}

// problems returns what this Reporter's analyzer has to say about dir.
func (r *Reporter) problems(dir *directive) []string {
	if dir.Problem != "" {
		if r.owns(dir.Directive) {
			return []string{fmt.Sprintf("malformed %s directive: %s", dir.Verb, dir.Problem)}
		}
		return nil
	}
	var out []string
	for _, n := range dir.Names {
		if n == "all" || known(n) {
			continue
		}
		if closest(n) == r.name {
			out = append(out, fmt.Sprintf("this %s directive names %q, which is not an idemvet analyzer; %s", dir.Verb, n, suggest(n)))
		}
	}
	if !dir.matched && contains(dir.Names, r.name) {
		where := ""
		if dir.File {
			where = " in this file"
		}
		out = append(out, fmt.Sprintf("this %s directive for %s matched no finding%s; remove it", dir.Verb, r.name, where))
	}
	return out
}

// owns reports whether this Reporter's analyzer reports d's malformation:
// every known analyzer it names does; when it names none, the analyzer
// closest to its first name, or the first analyzer of the family.
func (r *Reporter) owns(d Directive) bool {
	for _, n := range d.Names {
		if known(n) {
			return contains(d.Names, r.name)
		}
	}
	if len(d.Names) > 0 && d.Names[0] != "" && d.Names[0] != "all" {
		return closest(d.Names[0]) == r.name
	}
	return r.name == Analyzers[0]
}

// suggest proposes the analyzer name closest to name, or lists them all
// when none is close.
func suggest(name string) string {
	c := closest(name)
	if distance(strings.ToLower(name), c) <= max(2, len(c)/4) {
		return "did you mean " + c + "?"
	}
	return "the analyzers are " + strings.Join(Analyzers, ", ") + " (or all)"
}

func known(name string) bool { return contains(Analyzers, name) }

func contains(list []string, s string) bool { return slices.Contains(list, s) }

// closest returns the known analyzer name nearest to name by edit
// distance, the first one on ties.
func closest(name string) string {
	best, bestDist := Analyzers[0], -1
	for _, a := range Analyzers {
		if d := distance(strings.ToLower(name), a); bestDist < 0 || d < bestDist {
			best, bestDist = a, d
		}
	}
	return best
}

// distance is the Levenshtein distance of a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
