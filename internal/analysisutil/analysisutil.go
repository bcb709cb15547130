// Package analysisutil holds small helpers shared by idemvet's analyzers.
package analysisutil

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// MustExtractDoc returns the documentation of the analyzer name from the
// package comment of the Go source content (an embedded doc.go): the text
// following the line "# Analyzer name" up to the next "# Analyzer" heading,
// as x/tools' internal helper does. It panics if the heading is missing, so
// a broken doc.go fails every test.
func MustExtractDoc(content, name string) string {
	const prefix = "# Analyzer "
	doc := content
	if f, err := parser.ParseFile(token.NewFileSet(), "doc.go", content, parser.ParseComments|parser.PackageClauseOnly); err == nil && f.Doc != nil {
		doc = f.Doc.Text()
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
// types.Func.FullName spells it, or "" when the callee is dynamic.
func FuncName(call *ssa.CallCommon) string {
	if f := CalleeFunc(call); f != nil {
		return f.FullName()
	}
	return ""
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
// (a "// Code generated ... DO NOT EDIT." comment).
func IsGenerated(pass *analysis.Pass, pos token.Pos) bool {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return ast.IsGenerated(f)
		}
	}
	return false
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
