package netcall

import (
	"github.com/idemvet/idemvet/internal/ssautil"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/passes/apis"
)

// src tells where a value comes from, relative to one function: constants,
// the function's parameters (a field of one, when Field is set), calls in
// the function (or enclosing ones) that make it new each time, or other
// computations.
type src struct {
	consts []string
	params []paramRef
	fresh  []Fresh
	other  bool
}

type paramRef struct {
	Index int
	Field string
}

func (s *src) addConst(c string) {
	for _, x := range s.consts {
		if x == c {
			return
		}
	}
	s.consts = append(s.consts, c)
}

func (s *src) merge(t src) {
	for _, c := range t.consts {
		s.addConst(c)
	}
	s.params = append(s.params, t.params...)
	s.fresh = append(s.fresh, t.fresh...)
	s.other = s.other || t.other
}

// export converts a src into the Result's Value: parameters are fixed
// for the duration of a call of the function, so they count as Other.
func (s src) export() Value {
	return Value{Consts: s.consts, Fresh: s.fresh, Other: s.other || len(s.params) > 0}
}

// classify computes where v (a value of fn) comes from. When field is set,
// only that field of a struct value matters (opts.IdempotencyKey).
func (b *builder) classify(fn *ssa.Function, v ssa.Value, field string) src {
	var s src
	b.classifyInto(fn, v, field, &s, 0, map[ssa.Value]bool{})
	return s
}

func (b *builder) classifyInto(fn *ssa.Function, v ssa.Value, field string, s *src, depth int, seen map[ssa.Value]bool) {
	if v == nil {
		return
	}
	if depth > 12 || seen[v] {
		s.other = true
		return
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.String {
			s.addConst(constant.StringVal(x.Value))
		} else if x.Value != nil {
			s.other = true
		}
	case *ssa.Parameter:
		if i := paramIndex(fn, x); i >= 0 {
			s.params = append(s.params, paramRef{Index: i, Field: field})
		} else {
			s.other = true
		}
	case *ssa.FreeVar:
		b.freeVarInto(x, field, s, depth, seen, false)
	case *ssa.Call:
		common := x.Common()
		name := analysisutil.FuncName(common)
		if apis.FreshValues[name] {
			s.fresh = append(s.fresh, Fresh{Call: x, Name: shortName(common)})
			return
		}
		if callee := common.StaticCallee(); callee != nil {
			if n := b.freshOf(callee); n != "" {
				s.fresh = append(s.fresh, Fresh{Call: x, Name: n})
				return
			}
		}
		// Otherwise a function of its arguments (fmt.Sprintf, strconv,
		// a key derived from the order): new only if they are.
		args := ssautil.FullArgs(common)
		if len(args) == 0 {
			s.other = true
		}
		for _, a := range args {
			b.classifyInto(fn, a, "", s, depth+1, seen)
		}
	case *ssa.Extract:
		b.classifyInto(fn, x.Tuple, field, s, depth+1, seen)
	case *ssa.BinOp:
		b.classifyInto(fn, x.X, "", s, depth+1, seen)
		b.classifyInto(fn, x.Y, "", s, depth+1, seen)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			b.loadInto(fn, x.X, field, s, depth+1, seen)
			return
		}
		b.classifyInto(fn, x.X, field, s, depth+1, seen)
	case *ssa.Field:
		b.classifyInto(fn, x.X, fieldName(x.X.Type(), x.Field), s, depth+1, seen)
	case *ssa.Phi:
		for _, e := range x.Edges {
			b.classifyInto(fn, e, field, s, depth+1, seen)
		}
	case *ssa.MakeInterface:
		b.classifyInto(fn, x.X, field, s, depth+1, seen)
	case *ssa.ChangeType:
		b.classifyInto(fn, x.X, field, s, depth+1, seen)
	case *ssa.Convert:
		b.classifyInto(fn, x.X, field, s, depth+1, seen)
	case *ssa.ChangeInterface:
		b.classifyInto(fn, x.X, field, s, depth+1, seen)
	case *ssa.TypeAssert:
		b.classifyInto(fn, x.X, field, s, depth+1, seen)
	case *ssa.Slice:
		b.classifyInto(fn, x.X, field, s, depth+1, seen)
	case *ssa.Alloc:
		b.allocInto(fn, x, field, s, depth+1, seen)
	default:
		s.other = true
	}
}

// loadInto classifies the value loaded from addr.
func (b *builder) loadInto(fn *ssa.Function, addr ssa.Value, field string, s *src, depth int, seen map[ssa.Value]bool) {
	switch a := addr.(type) {
	case *ssa.Alloc:
		b.allocInto(fn, a, field, s, depth, seen)
	case *ssa.FieldAddr:
		name := fieldName(a.X.Type(), a.Field)
		switch base := a.X.(type) {
		case *ssa.Parameter:
			if i := paramIndex(fn, base); i >= 0 {
				s.params = append(s.params, paramRef{Index: i, Field: name})
				return
			}
			s.other = true
		case *ssa.Alloc:
			b.allocInto(fn, base, name, s, depth, seen)
		default:
			b.classifyInto(fn, base, name, s, depth, seen)
		}
	case *ssa.FreeVar:
		b.freeVarInto(a, field, s, depth, seen, true)
	case *ssa.IndexAddr:
		b.classifyInto(fn, a.X, "", s, depth, seen)
	default:
		s.other = true
	}
}

// allocInto classifies a local variable or composite literal by the
// values stored into it (into field, when set).
func (b *builder) allocInto(fn *ssa.Function, a *ssa.Alloc, field string, s *src, depth int, seen map[ssa.Value]bool) {
	if a.Referrers() == nil {
		s.other = true
		return
	}
	found := false
	for _, r := range *a.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr == a {
				found = true
				b.classifyInto(fn, x.Val, field, s, depth, seen)
			}
		case *ssa.FieldAddr:
			if field != "" && fieldName(x.X.Type(), x.Field) != field {
				continue
			}
			for _, v := range storesTo(x) {
				found = true
				b.classifyInto(fn, v, "", s, depth, seen)
			}
		case *ssa.IndexAddr:
			for _, v := range storesTo(x) {
				found = true
				b.classifyInto(fn, v, "", s, depth, seen)
			}
		}
	}
	if !found {
		s.other = true
	}
}

// freeVarInto classifies a captured value by what its closure binds it
// to in the enclosing function; the enclosing function's parameters are
// fixed for the closure, so they count as other.
func (b *builder) freeVarInto(fv *ssa.FreeVar, field string, s *src, depth int, seen map[ssa.Value]bool, load bool) {
	fn := fv.Parent()
	parent := fn.Parent()
	bound := bindingOf(fv)
	if parent == nil || bound == nil {
		s.other = true
		return
	}
	var t src
	if load {
		b.loadInto(parent, bound, field, &t, depth+1, seen)
	} else {
		b.classifyInto(parent, bound, field, &t, depth+1, seen)
	}
	for _, c := range t.consts {
		s.addConst(c)
	}
	s.fresh = append(s.fresh, t.fresh...)
	s.other = s.other || t.other || len(t.params) > 0
}

// bindingOf returns the value bound to a free variable where its closure
// is made.
func bindingOf(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	parent := fn.Parent()
	if parent == nil {
		return nil
	}
	for _, blk := range parent.Blocks {
		for _, instr := range blk.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != fn {
				continue
			}
			for i, f := range fn.FreeVars {
				if f == fv && i < len(mc.Bindings) {
					return mc.Bindings[i]
				}
			}
		}
	}
	return nil
}

// instSrc maps a callee's value description into fn at call: parameters
// become what the arguments are (when bind is set), values the callee mints
// become fresh at the call.
func (b *builder) instSrc(fn *ssa.Function, call ssa.CallInstruction, v src, bind bool, callee string) src {
	var out src
	for _, c := range v.consts {
		out.addConst(c)
	}
	out.other = v.other
	if len(v.fresh) > 0 {
		// Minted inside the callee: new on every call of it.
		out.fresh = append(out.fresh, Fresh{Call: call, Name: callee})
	}
	full := ssautil.FullArgs(call.Common())
	for _, p := range v.params {
		if !bind || p.Index >= len(full) {
			out.other = true
			continue
		}
		out.merge(b.classify(fn, full[p.Index], p.Field))
	}
	return out
}

// freshOf returns the name of a function whose result is new on every
// call (func newKey() string { return uuid.NewString() }), or "".
func (b *builder) freshOf(fn *ssa.Function) string {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if !b.own[fn] {
		if obj, ok := fn.Object().(*types.Func); ok {
			if f := b.imported.fresh[obj]; f != nil {
				return f.Name
			}
		}
		return ""
	}
	if n, ok := b.freshes[fn]; ok {
		return n
	}
	b.freshes[fn] = ""
	if fn.Signature.Results().Len() == 0 || !keyLike(fn.Signature.Results().At(0).Type()) {
		return ""
	}
	name := ""
	for _, blk := range fn.Blocks {
		ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		if _, ok := ret.Results[0].(*ssa.Const); ok {
			continue // return "", err
		}
		s := b.classify(fn, ret.Results[0], "")
		if len(s.fresh) == 0 {
			return "" // some path returns a value that is not new
		}
		name = label(fn)
	}
	b.freshes[fn] = name
	return name
}

// keyLike reports types an idempotency key can have: strings, byte
// arrays and slices (uuid.UUID), and types with a String method.
func keyLike(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Array:
		return isByte(u.Elem())
	case *types.Slice:
		return isByte(u.Elem())
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "String")
	_, ok := obj.(*types.Func)
	return ok
}

func isByte(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// shortName names a library function for messages: "uuid.NewString".
func shortName(common *ssa.CallCommon) string {
	f := analysisutil.CalleeFunc(common)
	if f == nil {
		return "?"
	}
	return ssautil.ObjLabel(f)
}
