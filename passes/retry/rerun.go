package retry

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
)

// Reruns returns the retry region that runs instr again when the error
// errs (values of instr's function) reports a failure: a retry library
// call that tries again on any error (Kind KindLibrary, not limited to
// the errors a mark or a predicate accepts: go-retry's RetryableError,
// retry-go's RetryIf) whose operation runs instr, directly or in a
// closure it runs, and returns errs, unless marked permanent on the way
// (backoff.Permanent, restate.TerminalError). Loops and helpers are not
// taken: which errors they try again on is their condition, which the
// model does not read (a helper retrying only deadlocks returns a unique
// violation at once).
//
//	restate.Run(ctx, func(rc restate.RunContext) (string, error) {
//		id, err := q.FindRoute(rc, host)   // runs again on the next attempt
//		...
//		return id, q.InsertRoute(rc, ...) // its error starts the next attempt
//	})
func (r *Result) Reruns(instr ssa.Instruction, errs []ssa.Value) *Region {
	if len(errs) == 0 {
		return nil
	}
	for _, reg := range r.Regions() {
		if reg.Kind != KindLibrary || !reg.Literal || !reg.Inside(instr) || !everyError(reg) {
			continue
		}
		if returnsThrough(reg.Fn, instr.Parent(), errs) {
			return reg
		}
	}
	return nil
}

// everyError reports a library call that tries again whatever the error:
// no mark and no retry condition among its options.
func everyError(reg *Region) bool {
	rf, ok := apis.RetryFuncs[analysisutil.FuncName(reg.Call.Common())]
	if !ok || rf.Mark != "" {
		return false
	}
	for _, a := range ssautil.CallArgs(reg.Call.Common()) {
		opts := []ssa.Value{a}
		if elems, ok := ssautil.VariadicArgs(a); ok {
			opts = elems
		}
		for _, o := range opts {
			if call, ok := unwrap(o).(*ssa.Call); ok && apis.RetryConditions[analysisutil.FuncName(call.Common())] {
				return false
			}
		}
	}
	return true
}

// returnsThrough reports whether the error values errs of fn flow to a
// return of fn, and from there, through the calls that run each closure
// between fn and op, to a return of op.
func returnsThrough(op, fn *ssa.Function, errs []ssa.Value) bool {
	for depth := 0; depth < 6; depth++ {
		if !returnsError(errs) {
			return false
		}
		if fn == op {
			return true
		}
		mc, _ := closureOf(fn).(*ssa.MakeClosure)
		if mc == nil {
			return false
		}
		errs = runnerErrors(mc)
		fn = mc.Parent()
	}
	return false
}

// runnerErrors returns the error results of the calls in the closure's
// parent that take the closure (a transaction helper running it, whose
// error is the closure's).
func runnerErrors(mc *ssa.MakeClosure) []ssa.Value {
	var out []ssa.Value
	for _, ref := range *mc.Referrers() {
		call, ok := ref.(*ssa.Call)
		if !ok {
			continue
		}
		out = append(out, errorResults(call)...)
	}
	return out
}

// errorResults returns the values of call's results of type error.
func errorResults(call *ssa.Call) []ssa.Value {
	switch t := call.Type().(type) {
	case *types.Tuple:
		var out []ssa.Value
		for _, ref := range *call.Referrers() {
			if ex, ok := ref.(*ssa.Extract); ok && isError(t.At(ex.Index).Type()) {
				out = append(out, ex)
			}
		}
		return out
	default:
		if isError(t) {
			return []ssa.Value{call}
		}
	}
	return nil
}

// returnsError reports whether one of errs reaches a return of its
// function: through phis, interface conversions, stores to a variable and
// its loads, and calls that wrap it into an error (fmt.Errorf, a fault
// wrapper), but not those marking it permanent.
func returnsError(errs []ssa.Value) bool {
	seen := map[ssa.Value]bool{}
	work := append([]ssa.Value(nil), errs...)
	for len(work) > 0 && len(seen) < 256 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if v == nil || seen[v] {
			continue
		}
		seen[v] = true
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			switch x := ref.(type) {
			case *ssa.Return:
				return true
			case *ssa.Phi:
				work = append(work, x)
			case *ssa.MakeInterface:
				work = append(work, x)
			case *ssa.ChangeInterface:
				work = append(work, x)
			case *ssa.ChangeType:
				work = append(work, x)
			case *ssa.Extract, *ssa.Slice:
				work = append(work, x.(ssa.Value))
			case *ssa.Store:
				if x.Val != v {
					continue
				}
				switch addr := x.Addr.(type) {
				case *ssa.Alloc: // a variable: its loads
					for _, l := range *addr.Referrers() {
						if load, ok := l.(*ssa.UnOp); ok && load.X == addr {
							work = append(work, load)
						}
					}
				case *ssa.IndexAddr: // the ...any of fmt.Errorf, errors.Join
					if arr, ok := addr.X.(*ssa.Alloc); ok {
						for _, l := range *arr.Referrers() {
							if sl, ok := l.(*ssa.Slice); ok {
								work = append(work, sl)
							}
						}
					}
				}
			case *ssa.Call:
				if x.Call.Value == v || apis.PermanentErrors[analysisutil.FuncName(&x.Call)] {
					continue
				}
				work = append(work, errorResults(x)...)
			}
		}
	}
	return false
}
