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
func MustExtractDoc(content, name string) string {
	const prefix = "# Analyzer "
	doc, ok := lineCommentDoc(content)
	if !ok {
		doc = content
		if f, err := parser.ParseFile(token.NewFileSet(), "doc.go", content, parser.ParseComments|parser.PackageClauseOnly); err == nil && f.Doc != nil {
			doc = f.Doc.Text()
		}
	}
	lines := strings.Split(doc, "\n")
	for i, line := range lines {
		if strings.TrimSpace(line) != prefix+name {
			continue
		}
		var out []string
		for _, l := range lines[i+1:] {
			if strings.HasPrefix(l, "# Analyzer ") {
				break
			}
			out = append(out, l)
		}
		return strings.TrimSpace(strings.Join(out, "\n"))
	}
	panic(fmt.Sprintf("analysisutil: no %q heading in doc", prefix+name))
}

// lineCommentDoc returns the text of the package comment of content when
// it is made of // lines only, as go/parser and ast.CommentGroup.Text give
// it, without scanning the file (every analyzer's Doc is extracted in
// package initialization, which go vet pays once per package it starts
// idemvet for). It reports false for any other shape (a /* */ comment, no
// package clause): the caller parses.
func lineCommentDoc(content string) (string, bool) {
	lines := strings.Split(content, "\n")
	pkgLine := -1
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "package ") {
			pkgLine = i
			break
		}
		if l != "" && !strings.HasPrefix(l, "//") {
			return "", false // a /* */ comment or other text before the clause
		}
	}
	if pkgLine < 0 {
		return "", false
	}
	start := pkgLine
	for start > 0 && strings.HasPrefix(strings.TrimSpace(lines[start-1]), "//") {
		start--
	}
	if start == pkgLine {
		return "", false
	}
	group := &ast.CommentGroup{}
	for _, l := range lines[start:pkgLine] {
		group.List = append(group.List, &ast.Comment{Text: strings.TrimRight(strings.TrimSpace(l), "\r")})
	}
	return group.Text(), true
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
