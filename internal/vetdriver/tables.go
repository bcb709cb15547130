package vetdriver

import (
	"go/ast"
	"go/token"
	"strconv"
)

// minTable is the number of elements from which a fact-only run elides a
// numeric table.
const minTable = 64

// elideTables empties, in the syntax of a fact-only run, the element lists
// of the package-level numeric tables: variables initialized to a
// composite literal of at least minTable elements that are all numbers
// (nested literals of numbers included). Type-checking such literals is
// most of what a table library costs: andybalholm/brotli's 1.4 MB of
// dictionary tables took 0.6 of its run's 1.0 CPU s under go vet. No
// analyzer reads what a table holds (no SSA value refers to a package
// variable's initializer, and a table is no SQL text, URL or function), and
// the types stay the same: an array of inferred length ([...]T) gets its
// length written out. Runs that report diagnostics keep every element.
func elideTables(files []*ast.File) {
	for _, f := range files {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				for _, v := range spec.(*ast.ValueSpec).Values {
					lit, ok := v.(*ast.CompositeLit)
					if !ok || lit.Type == nil || len(lit.Elts) < minTable || !numbers(lit.Elts) {
						continue
					}
					if at, ok := lit.Type.(*ast.ArrayType); ok {
						if _, inferred := at.Len.(*ast.Ellipsis); inferred {
							if keyed(lit.Elts) {
								continue
							}
							at.Len = &ast.BasicLit{ValuePos: at.Len.Pos(), Kind: token.INT, Value: strconv.Itoa(len(lit.Elts))}
						}
					}
					lit.Elts = nil
				}
			}
		}
	}
}

func keyed(elts []ast.Expr) bool {
	for _, e := range elts {
		if _, ok := e.(*ast.KeyValueExpr); ok {
			return true
		}
	}
	return false
}

// numbers reports whether the elements are all numeric literals,
// expressions of them, or literals of such elements (keyed by field names
// or numbers).
func numbers(elts []ast.Expr) bool {
	for _, e := range elts {
		if !number(e) {
			return false
		}
	}
	return true
}

func number(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.BasicLit:
		return x.Kind != token.STRING
	case *ast.UnaryExpr:
		return number(x.X)
	case *ast.BinaryExpr:
		return number(x.X) && number(x.Y)
	case *ast.ParenExpr:
		return number(x.X)
	case *ast.CompositeLit:
		return numbers(x.Elts)
	case *ast.KeyValueExpr:
		if _, ok := x.Key.(*ast.Ident); !ok && !number(x.Key) {
			return false
		}
		return number(x.Value)
	}
	return false
}
