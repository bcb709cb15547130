package dbcall

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// rowsOfClaim returns the INSERT ... ON CONFLICT DO NOTHING RETURNING of
// fi that may run before w and whose returned rows w's values come from
// (Access.RowsOf), or nil.
func rowsOfClaim(fi *FuncInfo, w *Access) *Access {
	if w.Call == nil {
		return nil
	}
	roots := append([]ssa.Value(nil), w.modelValue...)
	for _, b := range w.Set {
		if b.Value.Root != nil {
			roots = append(roots, b.Value.Root)
		}
		roots = append(roots, b.From...)
	}
	if len(roots) == 0 {
		return nil
	}
	for _, c := range fi.Accesses {
		if c == w || len(c.returnedInto) == 0 || c.Kind != KindInsert || c.Conflict != sqltext.ConflictDoNothing || c.Call == nil {
			continue
		}
		// The claim may be conditional (if len(adjs) > 0 { insert }):
		// rows it did not return are no rows to write.
		if c.Call.Parent() != w.Call.Parent() || !ssautil.Before(c.Call, w.Call) && !ssautil.Reachable(c.Call.Block(), w.Call.Block()) {
			continue
		}
		targets := map[ssa.Value]bool{}
		for _, d := range c.returnedInto {
			targets[d] = true
		}
		d := &derivation{targets: targets, seen: map[ssa.Value]bool{}}
		for _, r := range roots {
			if d.from(r, 0) {
				return c
			}
		}

	}
	return nil
}

// derivation walks back from a Go value to the values it is computed
// from, looking for one of targets: through the operands of the
// instruction that makes it (loads, fields, elements, appends, calls'
// arguments, phis) and the stores into local variables and their fields.
// Each value is visited once, within a budget.
type derivation struct {
	targets map[ssa.Value]bool
	seen    map[ssa.Value]bool
	steps   int
}

const derivationBudget = 512

func (d *derivation) from(v ssa.Value, depth int) bool {
	if v == nil || d.seen[v] || depth > 24 || d.steps > derivationBudget {
		return false
	}
	d.seen[v] = true
	d.steps++
	if d.targets[v] {
		return true
	}
	switch x := v.(type) {
	case *ssa.Alloc:
		// A local variable (or struct): what is stored into it, or into
		// its fields and elements.
		for _, r := range refsOf(x) {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr == x && d.from(r.Val, depth+1) {
					return true
				}
			case *ssa.FieldAddr, *ssa.IndexAddr:
				for _, rr := range refsOf(r.(ssa.Value)) {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == r.(ssa.Value) && d.from(st.Val, depth+1) {
						return true
					}
				}
			}
		}
	case ssa.Instruction:
		// A load, a field or element, a conversion, an append or any
		// call, a phi, an arithmetic: what it is computed from.
		for op := range ssautil.Operands(x) {
			if d.from(op, depth+1) {
				return true
			}
		}
	}
	return false
}

func refsOf(v ssa.Value) []ssa.Instruction {
	if refs := v.Referrers(); refs != nil {
		return *refs
	}
	return nil
}
