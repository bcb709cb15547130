package dbcall

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// FailureStops reports whether a's failure keeps at from running: at, in
// a's function after it, is reached only past a test of a's error that
// leaves the function (or at least does not lead to at) when the error is
// not nil.
//
//	err = workspaces.Create(ws)            // a
//	if err != nil { return ErrExists }     // a failed: at is not reached
//	key, err := keys.First(id)             // at
//
// The error may go through a variable a closure shares with its parent
// (err = ... inside a transaction's callback, err declared outside), read
// back in the same block.
func (r *Result) FailureStops(a *Access, at ssa.Instruction) bool {
	if r == nil || a == nil || a.Call == nil || at == nil || a.Call.Block() == nil || at.Block() == nil || a.Call.Parent() != at.Parent() {
		return false
	}
	if !ssautil.Before(a.Call, at) {
		return false
	}
	errs := errAliases(a.Err)
	if len(errs) == 0 {
		return false
	}
	for ifi := range ssautil.Branches(a.Call.Parent()) {
		bin, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
			continue
		}
		var e ssa.Value
		switch {
		case isNil(bin.Y):
			e = bin.X
		case isNil(bin.X):
			e = bin.Y
		default:
			continue
		}
		if !errs[ssautil.Unwrap(e)] {
			continue
		}
		if !ssautil.Before(a.Call, ifi) || !ifi.Block().Dominates(at.Block()) || ifi.Block() == at.Block() {
			continue
		}
		failed := ifi.Block().Succs[0] // err != nil holds on the true side
		if bin.Op == token.EQL {
			failed = ifi.Block().Succs[1]
		}
		if !ssautil.Reachable(failed, at.Block()) {
			return true
		}
	}
	return false
}

// errAliases returns the error values errs, and the loads of a variable
// one of them is stored into that read it back before anything else is
// stored there or called (err = f(); if err != nil, err a captured
// variable).
func errAliases(errs []ssa.Value) map[ssa.Value]bool {
	out := map[ssa.Value]bool{}
	for _, e := range errs {
		if e == nil {
			continue
		}
		out[ssautil.Unwrap(e)] = true
		refs := e.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			st, ok := ref.(*ssa.Store)
			if !ok || st.Val != e || st.Block() == nil {
				continue
			}
			for _, x := range st.Block().Instrs[ssautil.Index(st)+1:] {
				if ld, ok := x.(*ssa.UnOp); ok && ld.Op == token.MUL && ld.X == st.Addr {
					out[ld] = true
					continue
				}
				if s2, ok := x.(*ssa.Store); ok && s2.Addr == st.Addr {
					break
				}
				if _, ok := x.(ssa.CallInstruction); ok {
					break
				}
			}
		}
	}
	return out
}
