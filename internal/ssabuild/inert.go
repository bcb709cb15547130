package ssabuild

import (
	"go/ast"
	"go/types"
)

// withoutInertInits returns info, or a copy of it whose InitOrder lacks the
// package-level variable initializers that run no code: no call (a
// conversion is none), no function literal, no reference to a function or
// to a variable that may hold one. The package initializer of a table
// library is mostly such literals (andybalholm/brotli: 1.4 MB of uint16 and
// byte tables, a third of its fact-only run under go vet spent building
// their SSA). Kept are short lists of strings (var baseColumns =
// [...]string{"name", "email"}): dbcall reads them as the columns a
// statement may name. Dropping the rest changes no model: a Global has no
// referrers in SSA, so the stores of the package initializer are seen
// only by walking its instructions, and the passes that do (entry, for
// what init calls and the functions it takes the value of; dbcall, for
// the identifiers and column lists package variables hold) look at calls,
// function values and string lists alone.
func withoutInertInits(info *types.Info) *types.Info {
	keep := make([]*types.Initializer, 0, len(info.InitOrder))
	for _, init := range info.InitOrder {
		if !inert(info, init.Rhs) || stringList(init) || propsLiteral(init) {
			keep = append(keep, init)
		}
	}
	if len(keep) == len(info.InitOrder) {
		return info
	}
	cp := *info
	cp.InitOrder = keep
	return &cp
}

// propsLiteral reports an exported variable initialized by a short
// struct literal with a string field (semaphore's var ViewProps =
// ObjectProps{TableName: "project__view", ...}): dbcall reads its
// constant fields as the table a helper given it names.
func propsLiteral(init *types.Initializer) bool {
	lit, ok := ast.Unparen(init.Rhs).(*ast.CompositeLit)
	if !ok || len(init.Lhs) != 1 || !init.Lhs[0].Exported() || len(lit.Elts) > maxPropsFields {
		return false
	}
	st, ok := init.Lhs[0].Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if b, ok := st.Field(i).Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return true
		}
	}
	return false
}

// maxPropsFields bounds the struct literals kept.
const maxPropsFields = 32

// maxStringList bounds the string lists kept.
const maxStringList = 256

// stringList reports a variable initialized by a short literal list of
// strings.
func stringList(init *types.Initializer) bool {
	lit, ok := ast.Unparen(init.Rhs).(*ast.CompositeLit)
	if !ok || len(init.Lhs) != 1 || len(lit.Elts) > maxStringList {
		return false
	}
	var elem types.Type
	switch t := init.Lhs[0].Type().Underlying().(type) {
	case *types.Slice:
		elem = t.Elem()
	case *types.Array:
		if t.Len() > maxStringList {
			return false
		}
		elem = t.Elem()
	default:
		return false
	}
	b, ok := elem.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// inert reports whether evaluating e calls nothing and yields no function
// value.
func inert(info *types.Info, e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.CallExpr:
			if tv, found := info.Types[x.Fun]; !found || !tv.IsType() {
				ok = false // a call, of a function or a builtin
			}
		case *ast.Ident:
			switch obj := info.Uses[x].(type) {
			case *types.Func:
				ok = false
			case *types.Var:
				ok = plain(obj.Type(), map[types.Type]bool{})
			}
		case *ast.SelectorExpr:
			if sel := info.Selections[x]; sel != nil && sel.Kind() != types.FieldVal {
				ok = false // a method value or expression
			}
		}
		return ok
	})
	return ok
}

// plain reports whether values of t hold no function, interface or
// channel: numbers, strings, and arrays, slices, maps, pointers and
// structs of them.
func plain(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.UnsafePointer
	case *types.Array:
		return plain(u.Elem(), seen)
	case *types.Slice:
		return plain(u.Elem(), seen)
	case *types.Pointer:
		return plain(u.Elem(), seen)
	case *types.Map:
		return plain(u.Key(), seen) && plain(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !plain(u.Field(i).Type(), seen) {
				return false
			}
		}
		return true
	}
	return false
}
