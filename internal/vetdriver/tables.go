package vetdriver

import (
	"go/ast"
	"go/token"
	"strconv"
)

// minTable is the number of numeric literals from which a table is
// elided.
const minTable = 64

// elideTables empties, in the syntax of a package whose diagnostics nobody
// reads (a fact-only run under go vet, a dependency in a standalone run),
// the element lists of the package-level numeric tables: variables
// initialized to a composite literal (or its address) holding at least
// minTable numeric literals and nothing else (nested literals and keyed
// fields included; not a nested literal of an imported type, whose elements
// may be the file's only use of the import). Type-checking such literals is most of what a table
// library costs: andybalholm/brotli's 1.4 MB of dictionary tables took 0.6
// of its run's 1.0 CPU s under go vet, and the standard library's unicode
// tables are type-checked in every standalone run. No analyzer reads what
// a table holds (no SSA value refers to a package variable's initializer,
// and a table is no SQL text, URL or function), and the types stay the
// same: an array of inferred length ([...]T) gets its length written out.
func elideTables(files []*ast.File) {
	for _, f := range files {
		if dotImport(f) {
			// Elt{...} may be the file's only use of a dot import.
			continue
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				for _, v := range spec.(*ast.ValueSpec).Values {
					if u, ok := v.(*ast.UnaryExpr); ok && u.Op == token.AND {
						v = u.X
					}
					lit, ok := v.(*ast.CompositeLit)
					if !ok || lit.Type == nil {
						continue
					}
					if n, ok := numbers(lit.Elts); !ok || n < minTable {
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
// or numbers), and how many numeric literals they hold.
func numbers(elts []ast.Expr) (int, bool) {
	total := 0
	for _, e := range elts {
		n, ok := number(e)
		if !ok {
			return 0, false
		}
		total += n
	}
	return total, true
}

func number(e ast.Expr) (int, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		return 1, x.Kind != token.STRING
	case *ast.UnaryExpr:
		return number(x.X)
	case *ast.BinaryExpr:
		n, ok := number(x.X)
		m, ok2 := number(x.Y)
		return n + m, ok && ok2
	case *ast.ParenExpr:
		return number(x.X)
	case *ast.CompositeLit:
		if qualified(x.Type) {
			// fp.Elt{...}: the elements may be the file's only use of
			// an import, which emptied would be unused.
			return 0, false
		}
		return numbers(x.Elts)
	case *ast.KeyValueExpr:
		n := 0
		if _, ok := x.Key.(*ast.Ident); !ok {
			k, ok := number(x.Key)
			if !ok {
				return 0, false
			}
			n = k
		}
		m, ok := number(x.Value)
		return n + m, ok
	}
	return 0, false
}

// qualified reports whether the type expression names something of an
// imported package.
func qualified(typ ast.Expr) bool {
	found := false
	if typ != nil {
		ast.Inspect(typ, func(n ast.Node) bool {
			if _, ok := n.(*ast.SelectorExpr); ok {
				found = true
			}
			return !found
		})
	}
	return found
}

// dotImport reports whether the file imports a package into its own
// scope (import . "path"), whose names are unqualified.
func dotImport(f *ast.File) bool {
	for _, imp := range f.Imports {
		if imp.Name != nil && imp.Name.Name == "." {
			return true
		}
	}
	return false
}
