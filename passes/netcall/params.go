package netcall

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// maxParamTexts bounds the texts ParamTexts collects for one parameter.
const maxParamTexts = 16

// ParamTexts returns the constant strings the parameter of fn named name
// receives: fn is unexported, the package calls it only directly, and
// every call passes a constant, an element of a package-level list of
// constants it ranges over (for _, server := range licenseServers {
// tryServer(server, body) }), or a parameter of its own caller that
// receives such values in turn (three callers up). ok is false when any
// call passes something else, or fn is exported, a closure, or used as a
// value. A URL such a parameter holds is one of these texts.
func (r *Result) ParamTexts(fn *ssa.Function, name string) (texts []string, ok bool) {
	if r == nil || fn == nil {
		return nil, false
	}
	for i, p := range fn.Params {
		if p.Name() == name {
			return r.paramTexts(fn, i, 0)
		}
	}
	return nil, false
}

func (r *Result) paramTexts(fn *ssa.Function, index, depth int) ([]string, bool) {
	if depth > 3 || fn.Parent() != nil || fn.Object() == nil || fn.Object().Exported() || fn.Signature.Recv() != nil {
		return nil, false
	}
	calls, ok := ssautil.DirectCalls(fn, r.fns, 200000)
	if !ok || len(calls) == 0 {
		return nil, false
	}
	var out []string
	for _, c := range calls {
		args := ssautil.FullArgs(c.Common())
		if index >= len(args) {
			return nil, false
		}
		ts, ok := r.argTexts(c.Parent(), args[index], depth)
		if !ok {
			return nil, false
		}
		out = append(out, ts...)
		if len(out) > maxParamTexts {
			return nil, false
		}
	}
	return out, true
}

// argTexts returns the constant strings v, a value of fn, may hold.
func (r *Result) argTexts(fn *ssa.Function, v ssa.Value, depth int) ([]string, bool) {
	v = ssautil.Unwrap(v)
	if s, ok := ssautil.ConstString(v); ok {
		return []string{s}, true
	}
	if p, ok := v.(*ssa.Parameter); ok {
		for i, q := range fn.Params {
			if q == p {
				return r.paramTexts(fn, i, depth+1)
			}
		}
		return nil, false
	}
	// An element of a package-level slice: *(&list[i]) of *list.
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil, false
	}
	ia, ok := ld.X.(*ssa.IndexAddr)
	if !ok {
		return nil, false
	}
	gl, ok := ssautil.Unwrap(ia.X).(*ssa.UnOp)
	if !ok || gl.Op != token.MUL {
		return nil, false
	}
	g, ok := gl.X.(*ssa.Global)
	if !ok {
		return nil, false
	}
	return r.globalTexts(g)
}

// globalTexts returns the constant strings of a package-level slice
// variable set only by its initializer, from a literal of constants. (A
// Global has no referrers in SSA: the package's functions are walked for
// its uses.)
func (r *Result) globalTexts(g *ssa.Global) ([]string, bool) {
	if g.Pkg == nil {
		return nil, false
	}
	init := g.Pkg.Func("init")
	if init == nil {
		return nil, false
	}
	var lit *ssa.Alloc
	budget := 200000
	for _, f := range append([]*ssa.Function{init}, r.fns...) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if budget--; budget < 0 {
					return nil, false
				}
				var rands []*ssa.Value
				for _, op := range in.Operands(rands) {
					if op == nil || *op != g {
						continue
					}
					switch x := in.(type) {
					case *ssa.UnOp:
						if x.Op != token.MUL {
							return nil, false
						}
					case *ssa.Store:
						if x.Addr != g || f != init || lit != nil {
							return nil, false // assigned by a function: not only its literal
						}
						sl, ok := x.Val.(*ssa.Slice)
						if !ok {
							return nil, false
						}
						if lit, ok = sl.X.(*ssa.Alloc); !ok {
							return nil, false
						}
					default:
						return nil, false // its address taken
					}
				}
			}
		}
	}
	if lit == nil || lit.Referrers() == nil {
		return nil, false
	}
	var out []string
	for _, ref := range *lit.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok || ia.Referrers() == nil {
			continue
		}
		for _, use := range *ia.Referrers() {
			st, ok := use.(*ssa.Store)
			if !ok || st.Addr != ia {
				continue
			}
			s, ok := ssautil.ConstString(st.Val)
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
	}
	return out, len(out) > 0 && len(out) <= maxParamTexts
}
