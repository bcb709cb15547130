package dbcall

import (
	"golang.org/x/tools/go/ssa"
)

// callIndex holds, for the package's functions, the static calls of each
// and whether it is used otherwise: stored, passed on, or maybe reached by
// an interface call of its name.
type callIndex struct {
	calls   map[*ssa.Function][]ssa.CallInstruction
	escapes map[*ssa.Function]bool
	invoked map[string]bool // method names called through an interface
}

// maxIndexInstrs bounds the instructions the call index visits; beyond it
// every function is taken to have callers out of view.
const maxIndexInstrs = 2_000_000

func (r *Result) callIndex() *callIndex {
	r.callersOnce.Do(func() {
		ix := &callIndex{calls: map[*ssa.Function][]ssa.CallInstruction{}, escapes: map[*ssa.Function]bool{}, invoked: map[string]bool{}}
		budget := maxIndexInstrs
		seen := map[*ssa.Function]bool{}
		var visit func(f *ssa.Function) bool
		visit = func(f *ssa.Function) bool {
			if seen[f] {
				return true
			}
			seen[f] = true
			var rands []*ssa.Value
			for _, b := range f.Blocks {
				for _, in := range b.Instrs {
					if budget--; budget < 0 {
						return false
					}
					rands = in.Operands(rands[:0])
					if c, ok := in.(ssa.CallInstruction); ok {
						common := c.Common()
						if common.IsInvoke() {
							ix.invoked[common.Method.Name()] = true
						} else if callee, ok := common.Value.(*ssa.Function); ok {
							ix.calls[callee] = append(ix.calls[callee], c)
							rands = rands[1:] // the callee itself
						}
					}
					for _, v := range rands {
						if v == nil {
							continue
						}
						if fn, ok := (*v).(*ssa.Function); ok {
							ix.escapes[fn] = true // a function value: stored, passed, bound
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
		for _, f := range r.SrcFuncs {
			if !visit(f) {
				ix = nil
				break
			}
		}
		r.callers = ix
	})
	return r.callers
}

// DirectCalls lists the calls of the function p is a parameter of, and
// p's index in their arguments (the receiver first), when the function is
// unexported, not a closure, and its package uses it only as the callee
// of static calls. ok is false otherwise: exported, a closure, a value
// passed on or stored, or a method an interface call of its name may
// reach.
func (r *Result) DirectCalls(p *ssa.Parameter) (calls []ssa.CallInstruction, index int, ok bool) {
	fn := p.Parent()
	if r == nil || fn == nil || fn.Pkg == nil || fn.Parent() != nil || fn.Object() == nil || fn.Object().Exported() {
		return nil, 0, false
	}
	index = -1
	for i, q := range fn.Params {
		if q == p {
			index = i
		}
	}
	ix := r.callIndex()
	if index < 0 || ix == nil || ix.escapes[fn] || fn.Signature.Recv() != nil && ix.invoked[fn.Name()] {
		return nil, 0, false
	}
	return ix.calls[fn], index, true
}
