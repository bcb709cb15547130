package dbcall

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// nonEmptyParams returns the slice and map parameters of fn that must
// hold an element for the access a to run: a is made inside a loop over
// the parameter, or under a test of its length.
//
//	func (r *Repo) relink(ctx context.Context, tx *sql.Tx, id int64, add, remove []int64) error {
//		for _, o := range add {          // add non-empty
//			tx.ExecContext(ctx, "INSERT INTO links ...", id, o)
//		}
//		if len(remove) > 0 { ... }       // remove non-empty
//
// A caller passing nil for such a parameter (a delete that unlinks and
// adds nothing) does not make the access (instantiate).
func nonEmptyParams(fn *ssa.Function, a *Access) []int {
	if a.Fn != fn || a.Call == nil || fn.Blocks == nil {
		return nil
	}
	at := a.Call.Block()
	var out []int
	for i, p := range fn.Params {
		switch p.Type().Underlying().(type) {
		case *types.Slice, *types.Map:
		default:
			continue
		}
		if nonEmptyOn(fn, p, at) {
			out = append(out, i)
		}
	}
	return out
}

// nonEmptyOn reports a block that runs only when p has an element: it is
// dominated by the edge of a test taken when len(p) is positive (len(p)
// > 0, len(p) != 0, 0 < len(p), i < len(p) (the test of a range loop over
// p, whose index starts at 0), and the false edge of len(p) == 0).
func nonEmptyOn(fn *ssa.Function, p *ssa.Parameter, at *ssa.BasicBlock) bool {
	isLen := func(v ssa.Value) bool {
		c, ok := v.(*ssa.Call)
		if !ok {
			return false
		}
		bi, ok := c.Call.Value.(*ssa.Builtin)
		return ok && bi.Name() == "len" && len(c.Call.Args) == 1 && c.Call.Args[0] == ssa.Value(p)
	}
	isZero := func(v ssa.Value) bool {
		c, ok := v.(*ssa.Const)
		return ok && c.Value != nil && c.Value.String() == "0"
	}
	for _, blk := range fn.Blocks {
		if len(blk.Instrs) == 0 || len(blk.Succs) != 2 {
			continue
		}
		ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cond, ok := ifi.Cond.(*ssa.BinOp)
		if !ok {
			continue
		}
		edge := -1 // the successor taken when p has an element
		switch cond.Op {
		case token.GTR, token.NEQ:
			if isLen(cond.X) && isZero(cond.Y) {
				edge = 0
			}
		case token.LSS:
			if isLen(cond.Y) && (isZero(cond.X) || rangeIndex(cond.X)) {
				edge = 0
			}
		case token.EQL:
			if isLen(cond.X) && isZero(cond.Y) {
				edge = 1 // if len(p) == 0 { return nil }
			}
		}
		if edge < 0 {
			continue
		}
		if t := blk.Succs[edge]; len(t.Preds) == 1 && t.Dominates(at) {
			return true
		}
	}
	return false
}

// rangeIndex reports the index a range loop over a slice tests against
// its length: phi(-1, i) + 1, at least 0.
func rangeIndex(v ssa.Value) bool {
	inc, ok := v.(*ssa.BinOp)
	if !ok || inc.Op != token.ADD {
		return false
	}
	phi, ok := inc.X.(*ssa.Phi)
	if !ok {
		return false
	}
	for _, e := range phi.Edges {
		if c, ok := e.(*ssa.Const); ok && c.Value != nil && c.Value.String() == "-1" {
			return true
		}
	}
	return false
}

// nilArg reports an argument that is the nil slice or map.
func nilArg(args []ssa.Value, i int) bool {
	if i < 0 || i >= len(args) {
		return false
	}
	c, ok := args[i].(*ssa.Const)
	return ok && c.IsNil()
}
