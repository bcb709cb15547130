package dbcall

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/passes/apis"
)

// distLocked reports a distributed lock (apis.DistLocks, or a function
// whose summary says it takes one: lockResults) acquired before both
// accesses, with both on the side of its test where it is held: every
// instance of the service waits or fails there, so the two run in one
// request at a time (blnk's refund, a redis SET NX through the
// application's own Locker):
//
//	if err := locker.Lock(ctx, ttl); err != nil { return nil, err }
//	defer locker.Unlock(ctx)
//	... the lookup and the insert ...
//
// As with an advisory lock, the key the lock is taken on is not compared
// with the accesses' keys.
func (r *Result) distLocked(first, second *Access) bool {
	return r.anyCallBefore(first, second, func(call ssa.CallInstruction) bool {
		for _, held := range r.b.heldBlocks(call) {
			if held.Dominates(first.Call.Block()) && held.Dominates(second.Call.Block()) {
				return true
			}
		}
		return false
	})
}

// heldBlocks returns the blocks entered only when call acquired a
// distributed lock: past a test of its error (nil) or of its flag (true).
func (b *builder) heldBlocks(call ssa.CallInstruction) []*ssa.BasicBlock {
	v := call.Value()
	if v == nil {
		return nil
	}
	callee := analysisutil.CalleeFunc(call.Common())
	if callee == nil {
		return nil
	}
	if l, ok := apis.DistLocks[apis.RawFullName(callee)]; ok {
		switch {
		case l.Err >= 0:
			return nilSide(resultOf(v, l.Err))
		case l.OK >= 0:
			return trueSide(resultOf(v, l.OK))
		}
		// go-redis's SetNX: the flag of its *BoolCmd, cmd.Result() or
		// cmd.Val().
		var out []*ssa.BasicBlock
		for _, u := range usersOf(v) {
			c, ok := u.(*ssa.Call)
			if !ok {
				continue
			}
			switch analysisutil.FuncName(&c.Call) {
			case "(*github.com/redis/go-redis/v9.BoolCmd).Result":
				out = append(out, trueSide(extracts(c, 0))...)
			case "(*github.com/redis/go-redis/v9.BoolCmd).Val":
				out = append(out, trueSide([]ssa.Value{c})...)
			}
		}
		return out
	}
	if fn := call.Common().StaticCallee(); fn != nil {
		if sum := b.summaryOf(fn); sum != nil {
			var out []*ssa.BasicBlock
			for _, i := range sum.Locks {
				out = append(out, nilSide(resultOf(v, i))...)
			}
			return out
		}
	}
	return nil
}

// lockResults lists the error results of fn that are nil only when fn
// holds a distributed lock it took: every return of a nil error there
// lies past the test of the lock's outcome (blnk's Locker.Lock:
// SetNX(...).Result(), an error returned when it failed or was refused).
func (b *builder) lockResults(fn *ssa.Function) []int {
	res := fn.Signature.Results()
	var rets []*ssa.Return
	for _, blk := range fn.Blocks {
		if ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok {
			rets = append(rets, ret)
		}
	}
	var held []*ssa.BasicBlock
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok {
				held = append(held, b.heldBlocks(call)...)
			}
		}
	}
	if len(held) == 0 || len(rets) == 0 {
		return nil
	}
	var out []int
	for i := 0; i < res.Len(); i++ {
		if !isErrorType(res.At(i).Type()) {
			continue
		}
		nils, fine := 0, true
		for _, ret := range rets {
			if i >= len(ret.Results) || !isNil(slotValue(ret.Results[i])) {
				continue
			}
			nils++
			inside := false
			for _, h := range held {
				inside = inside || h.Dominates(ret.Block())
			}
			fine = fine && inside
		}
		if fine && nils > 0 {
			out = append(out, i)
		}
	}
	return out
}

// resultOf is result i of a call's value: the value itself for a single
// result.
func resultOf(v ssa.Value, i int) []ssa.Value {
	if _, ok := v.Type().(*types.Tuple); ok {
		return extracts(v, i)
	}
	if i == 0 {
		return []ssa.Value{v}
	}
	return nil
}

// nilSide returns the blocks entered when an error is nil: the branch of
// err == nil (or the else of err != nil), entered from the test alone.
func nilSide(errs []ssa.Value) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	for _, e := range errs {
		for _, r := range *e.Referrers() {
			bin, ok := r.(*ssa.BinOp)
			if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) || !isNil(bin.X) && !isNil(bin.Y) || bin.Referrers() == nil {
				continue
			}
			for _, r2 := range *bin.Referrers() {
				ifi, ok := r2.(*ssa.If)
				if !ok {
					continue
				}
				s := ifi.Block().Succs[0]
				if bin.Op == token.NEQ {
					s = ifi.Block().Succs[1]
				}
				if len(s.Preds) == 1 {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// trueSide returns the blocks entered when a flag is true.
func trueSide(flags []ssa.Value) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	for _, f := range flags {
		if f.Referrers() == nil {
			continue
		}
		for _, r := range *f.Referrers() {
			switch x := r.(type) {
			case *ssa.If:
				if s := x.Block().Succs[0]; len(s.Preds) == 1 {
					out = append(out, s)
				}
			case *ssa.UnOp:
				if x.Op != token.NOT || x.Referrers() == nil {
					continue
				}
				for _, r2 := range *x.Referrers() {
					if ifi, ok := r2.(*ssa.If); ok {
						if s := ifi.Block().Succs[1]; len(s.Preds) == 1 {
							out = append(out, s)
						}
					}
				}
			}
		}
	}
	return out
}
