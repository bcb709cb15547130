// Package analysisutil holds small helpers shared by idemvet's analyzers.
package analysisutil

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"iter"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/apis"
)

// MustExtractDoc returns the documentation of the analyzer name from the
// package comment of the Go source content (an embedded doc.go): the text
// following the line "# Analyzer name" up to the next "# Analyzer" heading,
// as x/tools' internal helper does. It panics if the heading is missing, so
// a broken doc.go fails every test.
//
// Every analyzer's Doc is extracted in package initialization, which go
// vet pays once per package it starts idemvet for: a package comment of
// // lines is read in one pass over its text (lineCommentSection), other
// shapes with go/parser (parsedSection), with the same result.
func MustExtractDoc(content, name string) string {
	if doc, ok := lineCommentSection(content, name); ok {
		return doc
	}
	if doc, ok := parsedSection(content, name); ok {
		return doc
	}
	panic(fmt.Sprintf("analysisutil: no %q heading in doc", "# Analyzer "+name))
}

// parsedSection is MustExtractDoc on the package comment as go/parser and
// ast.CommentGroup.Text give it (or on content itself, when it has none).
func parsedSection(content, name string) (string, bool) {
	doc := content
	if f, err := parser.ParseFile(token.NewFileSet(), "doc.go", content, parser.ParseComments|parser.PackageClauseOnly); err == nil && f.Doc != nil {
		doc = f.Doc.Text()
	}
	lines := strings.Split(doc, "\n")
	for i, line := range lines {
		if strings.TrimSpace(line) != "# Analyzer "+name {
			continue
		}
		var out []string
		for _, l := range lines[i+1:] {
			if strings.HasPrefix(l, "# Analyzer ") {
				break
			}
			out = append(out, l)
		}
		return strings.TrimSpace(strings.Join(out, "\n")), true
	}
	return "", false
}

// lineCommentSection is parsedSection for a package comment made of //
// lines only, read without the parser: the comment group is the run of //
// lines ending on the line before the package clause; each line loses its
// marker and one space after it (a directive line, //go:build, is left out,
// as ast.CommentGroup.Text leaves it out) and its trailing white space; a
// run of blank lines counts as one. It reports false for any other shape
// (a /* */ comment, text before the clause, no clause, no heading).
func lineCommentSection(content, name string) (string, bool) {
	start, end := -1, -1 // offsets of the group's first line and of the clause
	for off := 0; off < len(content) && end < 0; {
		line, rest := content[off:], len(content)
		if i := strings.IndexByte(line, '\n'); i >= 0 {
			line, rest = line[:i], off+i+1
		}
		t := strings.TrimLeft(line, " \t")
		switch {
		case strings.HasPrefix(t, "package "):
			end = off
		case strings.HasPrefix(t, "//"):
			if start < 0 {
				start = off
			}
		case strings.TrimSpace(t) == "":
			start = -1 // a blank line ends a comment group
		default:
			return "", false
		}
		off = rest
	}
	if start < 0 || end < 0 {
		return "", false
	}
	heading := "# Analyzer " + name
	var b strings.Builder
	in, blank := false, false
	for group := content[start:end]; group != ""; {
		line, rest, _ := strings.Cut(group, "\n")
		group = rest
		c := strings.TrimLeft(line, " \t")[2:]
		if strings.HasPrefix(c, " ") {
			c = c[1:]
		} else if isDirective(c) {
			continue
		}
		c = strings.TrimRight(c, " \t\r")
		if !in {
			in = strings.TrimSpace(c) == heading
			continue
		}
		if strings.HasPrefix(c, "# Analyzer ") {
			break
		}
		if c == "" {
			blank = true
			continue
		}
		if b.Len() > 0 {
			b.WriteString("\n")
			if blank {
				b.WriteString("\n")
			}
		}
		blank = false
		b.WriteString(c)
	}
	if !in {
		return "", false
	}
	return strings.TrimSpace(b.String()), true
}

// isDirective reports whether the text of a // comment after its marker is
// a directive that ast.CommentGroup.Text leaves out: //line, //extern,
// //export, or //[a-z0-9]+:[a-z0-9] (//go:build, //nolint:x).
func isDirective(c string) bool {
	for _, p := range []string{"line ", "extern ", "export "} {
		if strings.HasPrefix(c, p) {
			return true
		}
	}
	colon := strings.IndexByte(c, ':')
	if colon <= 0 || colon+1 >= len(c) {
		return false
	}
	word := func(b byte) bool { return 'a' <= b && b <= 'z' || '0' <= b && b <= '9' }
	for i := 0; i < colon; i++ {
		if !word(c[i]) {
			return false
		}
	}
	return word(c[colon+1])
}

// Imports reports whether pkg imports, directly or indirectly, a package
// whose path is one of paths or has one as a prefix followed by "/".
func Imports(pkg *types.Package, paths ...string) bool {
	seen := map[*types.Package]bool{}
	var visit func(p *types.Package) bool
	visit = func(p *types.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		for _, path := range paths {
			if p.Path() == path || strings.HasPrefix(p.Path(), path+"/") {
				return true
			}
		}
		for _, imp := range p.Imports() {
			if visit(imp) {
				return true
			}
		}
		return false
	}
	for _, imp := range pkg.Imports() {
		if visit(imp) {
			return true
		}
	}
	return false
}

// FuncName returns the full name of the function or method a call invokes
// statically or through an interface, with the receiver as
// types.Func.FullName spells it (a fork's package written as the library
// it forks, apis.FullName), or "" when the callee is dynamic.
func FuncName(call *ssa.CallCommon) string {
	if f := CalleeFunc(call); f != nil {
		return apis.FullName(f)
	}
	return ""
}

// Calls yields the call instructions of fn (calls, defers and go
// statements) whose callee CalleeFunc names, with that callee, in block
// order.
func Calls(fn *ssa.Function) iter.Seq2[ssa.CallInstruction, *types.Func] {
	return func(yield func(ssa.CallInstruction, *types.Func) bool) {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if f := CalleeFunc(call.Common()); f != nil && !yield(call, f) {
					return
				}
			}
		}
	}
}

// CalleeFunc returns the types.Func that call invokes (the interface method
// for an invoke-mode call), or nil for a dynamic call of a func value.
func CalleeFunc(call *ssa.CallCommon) *types.Func {
	if call.IsInvoke() {
		return call.Method
	}
	if fn := call.StaticCallee(); fn != nil {
		if fn.Origin() != nil {
			fn = fn.Origin()
		}
		if obj, ok := fn.Object().(*types.Func); ok {
			return obj
		}
	}
	return nil
}

// Position formats pos as "file.go:line" with the file's base name, the way
// idemvet's messages cite the other half of a finding.
func Position(fset *token.FileSet, pos token.Pos) string {
	if !pos.IsValid() {
		return "?"
	}
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// IsGenerated reports whether the file holding pos is generated code
// (a "// Code generated ... DO NOT EDIT." comment; see Generated).
func IsGenerated(pass *analysis.Pass, pos token.Pos) bool {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return Generated(pass.Fset, f)
		}
	}
	return false
}

// cgoHeader is the generated-code comment cmd/cgo writes.
const cgoHeader = "// Code generated by cmd/cgo; DO NOT EDIT."

// Generated reports whether f is generated code, as ast.IsGenerated does,
// except for cmd/cgo's translation of a file that imports "C": the go
// command hands analyzers that translation (marked generated by cgo) in
// place of the file the user wrote, with //line directives mapping its
// positions back to it, so it is the user's code, and generated only if
// the original says so.
func Generated(fset *token.FileSet, f *ast.File) bool {
	if !ast.IsGenerated(f) {
		return false
	}
	tf := fset.File(f.FileStart)
	if tf == nil || fset.Position(f.Package).Filename == tf.Name() {
		return true // no //line back to an original: cgo's own files, or any other generator
	}
	// A translated file: generated if the original's own comments (after
	// the //line directive) carry another generator's marker.
	for _, cg := range f.Comments {
		if cg.Pos() >= f.Package {
			break
		}
		for _, c := range cg.List {
			if c.Text != cgoHeader && strings.HasPrefix(c.Text, "// Code generated ") && strings.HasSuffix(c.Text, " DO NOT EDIT.") {
				return true
			}
		}
	}
	return false
}

// Translated reports whether f is cmd/cgo's translation of a file the
// user wrote (see Generated): findings map back to the original, but
// suggested fixes, whose offsets are the translation's, cannot be applied.
func Translated(fset *token.FileSet, f *ast.File) bool {
	tf := fset.File(f.FileStart)
	return ast.IsGenerated(f) && tf != nil && fset.Position(f.Package).Filename != tf.Name()
}

// Guard wraps an analyzer's run function so that a panic (a bug in idemvet,
// or input no one foresaw) becomes an error naming the analyzer and the
// package instead of a crash of the user's build or a wrong finding.
func Guard(name string, run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (res any, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = nil, fmt.Errorf("%s: internal error analyzing %s: %v (please report it)", name, pass.Pkg.Path(), r)
			}
		}()
		return run(pass)
	}
}
