// Package report is how idemvet's checkers report: it drops findings in
// generated files, honors //idemvet:ignore directives, and keeps one
// finding per position and analyzer.
package report

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Reporter reports the findings of one analyzer in one package.
type Reporter struct {
	pass    *analysis.Pass
	name    string
	seen    map[token.Pos]bool
	ignores map[string]map[int]bool // file name → lines covered by a directive for this analyzer
	files   map[string]bool         // files with a file-ignore directive for this analyzer
	gen     map[*token.File]bool
}

// New returns a Reporter for pass.
func New(pass *analysis.Pass) *Reporter {
	r := &Reporter{pass: pass, name: pass.Analyzer.Name, seen: map[token.Pos]bool{},
		ignores: map[string]map[int]bool{}, files: map[string]bool{}, gen: map[*token.File]bool{}}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		if tf == nil {
			continue
		}
		if ast.IsGenerated(f) {
			r.gen[tf] = true
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				names, file, ok := ParseDirective(c.Text)
				if !ok || !contains(names, r.name) {
					continue
				}
				if file {
					r.files[tf.Name()] = true
					continue
				}
				line := tf.Line(c.Pos())
				m := r.ignores[tf.Name()]
				if m == nil {
					m = map[int]bool{}
					r.ignores[tf.Name()] = m
				}
				// The directive covers its own line (trailing comment)
				// and the next line (comment above).
				m[line] = true
				m[line+1] = true
			}
		}
	}
	return r
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s || x == "all" {
			return true
		}
	}
	return false
}

// ParseDirective parses "//idemvet:ignore a,b reason" and
// "//idemvet:file-ignore a reason". A directive without a reason is not
// honored.
func ParseDirective(text string) (names []string, file, ok bool) {
	text = strings.TrimPrefix(text, "//")
	var rest string
	switch {
	case strings.HasPrefix(text, "idemvet:ignore "):
		rest = strings.TrimPrefix(text, "idemvet:ignore ")
	case strings.HasPrefix(text, "idemvet:file-ignore "):
		rest, file = strings.TrimPrefix(text, "idemvet:file-ignore "), true
	default:
		return nil, false, false
	}
	fields := strings.Fields(rest)
	if len(fields) < 2 {
		return nil, file, false
	}
	return strings.Split(fields[0], ","), file, true
}

// Report reports d unless it is in generated code, suppressed by a
// directive, or a duplicate.
func (r *Reporter) Report(d analysis.Diagnostic) {
	tf := r.pass.Fset.File(d.Pos)
	if tf == nil || r.gen[tf] || r.seen[d.Pos] {
		return
	}
	if r.files[tf.Name()] || r.ignores[tf.Name()][tf.Line(d.Pos)] {
		return
	}
	r.seen[d.Pos] = true
	r.pass.Report(d)
}

// Generated reports whether pos is in a generated file.
func (r *Reporter) Generated(pos token.Pos) bool {
	tf := r.pass.Fset.File(pos)
	return tf != nil && r.gen[tf]
}
