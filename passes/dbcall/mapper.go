package dbcall

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// A mapperFact describes a function building the struct it returns from
// the fields of one parameter, the conversion layered code makes from a
// row to its domain type:
//
//	func FromEnt(e *ent.Coupon) *Coupon {
//		return &Coupon{ID: e.ID, TotalRedemptions: e.TotalRedemptions}
//	}
//
// Pairs map a field path of the first result (".TotalRedemptions") to the
// field path of parameter Param it is copied from, so the columns a
// caller read into the parameter are read into the result. It is read
// from the syntax, as mutatesFact is: model packages need no SSA.
type mapperFact struct {
	Param int
	Pairs []mapPair
}

type mapPair struct{ Result, Param string }

func (*mapperFact) AFact() {}

func (f *mapperFact) String() string { return "mapper" }

// scanMappers exports the mapper facts of the package's functions.
func scanMappers(pass *analysis.Pass) map[*types.Func]*mapperFact {
	out := map[*types.Func]*mapperFact{}
	for _, f := range pass.Files {
		if ast.IsGenerated(f) {
			continue
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Recv != nil || fd.Type.Results == nil || len(fd.Type.Params.List) != 1 || len(fd.Type.Params.List[0].Names) != 1 {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			param := pass.TypesInfo.Defs[fd.Type.Params.List[0].Names[0]]
			if param == nil {
				continue
			}
			if m := mapperOf(pass.TypesInfo, fd, param); m != nil {
				out[obj] = m
				pass.ExportObjectFact(obj, m)
			}
		}
	}
	return out
}

// mapperOf reads the composite literal fd returns, the pairs of its
// fields set from fields of param (nested literals of embedded or named
// structs included, through conversions).
func mapperOf(info *types.Info, fd *ast.FuncDecl, param types.Object) *mapperFact {
	var lit *ast.CompositeLit
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || len(ret.Results) == 0 || lit != nil {
			return true
		}
		e := ast.Unparen(ret.Results[0])
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = u.X
		}
		if cl, ok := e.(*ast.CompositeLit); ok {
			lit = cl
		}
		return true
	})
	if lit == nil {
		return nil
	}
	m := &mapperFact{}
	var walk func(cl *ast.CompositeLit, prefix string, depth int)
	walk = func(cl *ast.CompositeLit, prefix string, depth int) {
		for _, el := range cl.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			key, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			v := ast.Unparen(kv.Value)
			if u, ok := v.(*ast.UnaryExpr); ok && u.Op == token.AND {
				v = u.X
			}
			if inner, ok := v.(*ast.CompositeLit); ok && depth < 3 {
				walk(inner, prefix+"."+key.Name, depth+1)
				continue
			}
			if call, ok := v.(*ast.CallExpr); ok && len(call.Args) == 1 {
				if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
					v = ast.Unparen(call.Args[0]) // types.CouponType(e.Type)
				}
			}
			if path, ok := paramPath(info, v, param); ok {
				m.Pairs = append(m.Pairs, mapPair{Result: prefix + "." + key.Name, Param: path})
			}
		}
	}
	walk(lit, "", 0)
	if len(m.Pairs) == 0 {
		return nil
	}
	return m
}

// paramPath returns the field path of param that e selects (e.A.B:
// ".A.B").
func paramPath(info *types.Info, e ast.Expr, param types.Object) (string, bool) {
	var names []string
	for {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			if sel, ok := info.Selections[x]; !ok || sel.Kind() != types.FieldVal {
				return "", false
			}
			names = append([]string{x.Sel.Name}, names...)
			e = x.X
			continue
		case *ast.Ident:
			if info.Uses[x] != param || len(names) == 0 {
				return "", false
			}
			return "." + strings.Join(names, "."), true
		}
		return "", false
	}
}

// returnedMapped finds the result of fn that returns a mapper's result
// built from dest's struct: the column read into e.TotalRedemptions is the
// result's .TotalRedemptions after return FromEnt(e).
func (b *builder) returnedMapped(rets []*ssa.Return, dest Ref) (int, string, bool) {
	if dest.Root == nil || dest.Path == "" {
		return 0, "", false
	}
	for _, ret := range rets {
		for i, rv := range ret.Results {
			call, ok := unwrap(rv).(*ssa.Call)
			if !ok {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee == nil || callee.Object() == nil {
				continue
			}
			obj, _ := callee.Object().(*types.Func)
			m := b.mapper(obj)
			if m == nil || m.Param >= len(call.Call.Args) {
				continue
			}
			arg := refOf(call.Call.Args[m.Param])
			if arg.Root != dest.Root || !strings.HasPrefix(dest.Path, arg.Path) {
				continue
			}
			rest := strings.TrimPrefix(dest.Path, arg.Path)
			for _, p := range m.Pairs {
				if rest == p.Param || strings.HasPrefix(rest, p.Param+".") {
					return i, p.Result + strings.TrimPrefix(rest, p.Param), true
				}
			}
		}
	}
	return 0, "", false
}

// mapper returns the mapper fact of fn: the package's own, or imported.
func (b *builder) mapper(fn *types.Func) *mapperFact {
	if fn == nil {
		return nil
	}
	if fn.Pkg() == b.pass.Pkg {
		return b.mappers[fn]
	}
	var m mapperFact
	if b.pass.ImportObjectFact(fn, &m) {
		return &m
	}
	return nil
}
