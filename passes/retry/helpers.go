package retry

import (
	"github.com/idemvet/idemvet/internal/ssautil"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/passes/apis"
)

// helperOf returns whether fn retries one of its func parameters: its
// own loop or retry library call repeats a call of the parameter.
//
//	func Retry(attempts int, fn func() error) error {
//		for i := 0; i < attempts; i++ {
//			if err = fn(); err == nil { return nil }
//			time.Sleep(delay)
//		}
//		...
//	}
//	func withBackoff(ctx context.Context, op func() error) error {
//		return backoff.Retry(op, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
//	}
func (b *builder) helperOf(fn *ssa.Function) *helperFact {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if h, ok := b.helpers[fn]; ok {
		return h
	}
	if !b.own[fn] {
		obj, ok := fn.Object().(*types.Func)
		if !ok {
			return nil
		}
		h := b.r.imported.helpers[obj]
		b.helpers[fn] = h
		return h
	}
	b.helpers[fn] = nil // recursion
	var h *helperFact
	for _, r := range b.regionsOf(fn) {
		if r.Step {
			continue // a function running a durable step is no retry helper
		}
		if p := b.repeatedParam(fn, r); p >= 0 {
			h = &helperFact{Func: p, Construct: r.Construct}
			break
		}
	}
	b.helpers[fn] = h
	return h
}

// repeatedParam returns the index of the func parameter of fn that region
// r repeats, or -1.
func (b *builder) repeatedParam(fn *ssa.Function, r *Region) int {
	if r.Kind == KindLoop {
		for blk := range r.Repeated {
			for _, instr := range blk.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if _, isGo := instr.(*ssa.Go); isGo {
					continue
				}
				for _, p := range b.callRuns(call) {
					if i := paramIndex(fn, p); i >= 0 {
						return i
					}
				}
			}
		}
		return -1
	}
	// A library or helper call: the operation is the parameter itself, or
	// a closure that runs it.
	if i := paramIndex(fn, paramOf(r.Func)); i >= 0 {
		return i
	}
	if r.Fn != nil && r.Fn.Parent() != nil {
		for _, p := range b.closureRuns(r.Fn, 0) {
			if i := paramIndex(fn, p); i >= 0 {
				return i
			}
		}
	}
	return -1
}

// callRuns returns the parameters (of any enclosing function) that a call
// runs: the parameter called, ones passed to a function that runs them,
// and those a closure passed or called here runs.
func (b *builder) callRuns(call ssa.CallInstruction) []*ssa.Parameter {
	common := call.Common()
	var out []*ssa.Parameter
	if !common.IsInvoke() {
		if p := paramOf(common.Value); p != nil {
			out = append(out, p)
		}
		if f := literal(common.Value); f != nil {
			out = append(out, b.closureRuns(f, 0)...)
		}
	}
	full := ssautil.FullArgs(common)
	for _, i := range b.runsArgs(common) {
		if i >= len(full) {
			continue
		}
		if p := paramOf(full[i]); p != nil {
			out = append(out, p)
		}
		if f := literal(full[i]); f != nil {
			out = append(out, b.closureRuns(f, 0)...)
		}
	}
	return out
}

// closureRuns returns the parameters of enclosing functions that the
// function literal f runs (through its free variables).
func (b *builder) closureRuns(f *ssa.Function, depth int) []*ssa.Parameter {
	if ps, ok := b.closures[f]; ok || depth > 4 {
		return ps
	}
	b.closures[f] = nil
	var out []*ssa.Parameter
	for _, blk := range f.Blocks {
		for _, instr := range blk.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, isGo := instr.(*ssa.Go); isGo {
				continue
			}
			for _, p := range b.callRuns(call) {
				if p.Parent() != f {
					out = append(out, p)
				}
			}
		}
	}
	b.closures[f] = out
	return out
}

// runsOf returns the indexes of fn's func parameters that it calls before
// returning (directly, or by handing them to something that does).
func (b *builder) runsOf(fn *ssa.Function) []int {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if rs, ok := b.runs[fn]; ok {
		return rs
	}
	if !b.own[fn] {
		obj, ok := fn.Object().(*types.Func)
		if !ok {
			return nil
		}
		if f := b.r.imported.runs[obj]; f != nil {
			b.runs[fn] = f.Params
			return f.Params
		}
		b.runs[fn] = nil
		return nil
	}
	b.runs[fn] = nil // recursion
	seen := map[int]bool{}
	var out []int
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, isGo := instr.(*ssa.Go); isGo {
				continue
			}
			for _, p := range b.callRuns(call) {
				if i := paramIndex(fn, p); i >= 0 && !seen[i] {
					seen[i] = true
					out = append(out, i)
				}
			}
		}
	}
	b.runs[fn] = out
	return out
}

// runsArgs returns the indexes into ssautil.FullArgs(common) of the func values
// the call runs before it returns.
func (b *builder) runsArgs(common *ssa.CallCommon) []int {
	name := analysisutil.FuncName(common)
	off := 0
	if common.IsInvoke() {
		off = 1
	} else if callee := common.StaticCallee(); callee != nil && callee.Signature.Recv() != nil {
		off = 1
	}
	if rf, ok := apis.RetryFuncs[name]; ok {
		return []int{rf.Op + off}
	}
	if m, ok := apis.Methods[name]; ok && m.Op == apis.OpTxFunc && m.Func >= 0 {
		return []int{m.Func + off}
	}
	if i, ok := apis.SyncRunners[name]; ok {
		return []int{i + off}
	}
	if common.IsInvoke() {
		return nil
	}
	callee := common.StaticCallee()
	if callee == nil {
		return nil
	}
	out := append([]int(nil), b.runsOf(callee)...)
	if h := b.helperOf(callee); h != nil {
		out = append(out, h.Func)
	}
	return out
}

// paramIndex returns the index of p among fn's parameters, or -1.
func paramIndex(fn *ssa.Function, p *ssa.Parameter) int {
	if p == nil {
		return -1
	}
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

// paramOf returns the parameter v denotes, following spilled parameters
// and the free variables of function literals to the enclosing function:
//
//	func Retry(fn func() error) { ... fn() ... }                     // fn
//	func Retry(fn func() error) { backoff.Retry(func() error { return fn() }, b) }
func paramOf(v ssa.Value) *ssa.Parameter {
	for depth := 0; depth < 8; depth++ {
		v = unwrap(v)
		switch x := v.(type) {
		case *ssa.Parameter:
			return x
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil
			}
			// A load of a spilled parameter or a captured variable.
			switch a := x.X.(type) {
			case *ssa.Alloc:
				vals := storesTo(a)
				if len(vals) != 1 {
					return nil
				}
				v = vals[0]
			case *ssa.FreeVar:
				v = a
			default:
				return nil
			}
		case *ssa.Alloc:
			vals := storesTo(x)
			if len(vals) != 1 {
				return nil
			}
			v = vals[0]
		case *ssa.FreeVar:
			b := bindingOf(x)
			if b == nil {
				return nil
			}
			v = b
		default:
			return nil
		}
	}
	return nil
}

// bindingOf returns the value bound to a free variable where its closure
// is made.
func bindingOf(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	mc, ok := closureOf(fn).(*ssa.MakeClosure)
	if !ok {
		return nil
	}
	for i, f := range fn.FreeVars {
		if f == fv && i < len(mc.Bindings) {
			return mc.Bindings[i]
		}
	}
	return nil
}

// literal returns the function literal v denotes, or nil.
func literal(v ssa.Value) *ssa.Function {
	if f := ssautil.FuncOf(v); f != nil && f.Parent() != nil {
		return f
	}
	return nil
}

func unwrap(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		default:
			return v
		}
	}
}
