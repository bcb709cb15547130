package ssautil

import "golang.org/x/tools/go/ssa"

// DirectCalls lists the static calls of fn in funcs (and their closures)
// and reports false when fn may run otherwise: used as a value (passed
// on, stored), a method an interface call of its name may reach, or more
// than budget instructions to scan.
func DirectCalls(fn *ssa.Function, funcs []*ssa.Function, budget int) (calls []ssa.CallInstruction, ok bool) {
	method := fn.Signature.Recv() != nil
	seen := map[*ssa.Function]bool{}
	var visit func(f *ssa.Function) bool
	visit = func(f *ssa.Function) bool {
		if seen[f] {
			return true
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if budget--; budget < 0 {
					return false
				}
				var rands []*ssa.Value
				rands = in.Operands(rands)
				if c, isCall := in.(ssa.CallInstruction); isCall && method && c.Common().IsInvoke() && c.Common().Method.Name() == fn.Name() {
					return false // an interface call may reach the method
				}
				if c, isCall := in.(ssa.CallInstruction); isCall && c.Common().StaticCallee() == fn && c.Common().Value == fn {
					calls = append(calls, c)
					rands = rands[1:] // the callee itself
					if len(rands) > 0 && len(rands) >= len(c.Common().Args) {
						rands = rands[len(rands)-len(c.Common().Args):]
					}
				}
				for _, r := range rands {
					if r != nil && *r == fn {
						return false // used as a value
					}
				}
			}
		}
		for _, a := range f.AnonFuncs {
			if !visit(a) {
				return false
			}
		}
		return true
	}
	for _, f := range funcs {
		if !visit(f) {
			return nil, false
		}
	}
	return calls, true
}
