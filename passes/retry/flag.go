package retry

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// flagGate is a boolean variable a loop must find true to go round again,
// cleared on every iteration before the attempt: only the code that runs
// on a path setting it is tried again.
//
//	retry := true
//	for retry && time.Since(start) < limit {
//		retry = false                       // the reset
//		err := db.Transaction(func(tx *pop.Connection) error {
//			if err := lockRow(tx); isNotFound(err) {
//				retry = true                // a set: the only way round
//				return err
//			}
//			return sendHook(tx)             // after every set: not re-run
//		})
//		if err != nil && retry { continue }
//		return err
//	}
//
// A call is re-run when it lies on one path with a set (before it or
// after it) within the iteration: in the loop's function, without going
// through the loop's header, or in the function literal holding both.
type flagGate struct {
	header *ssa.BasicBlock
	// sets are the stores of anything but false, in the loop's function
	// or in function literals made there.
	sets []ssa.Instruction
}

// flagGateOf returns the flag gating the loop l of fn, or nil: a local
// variable (an Alloc, captured by closures or not) tested by a block of
// the loop whose false side leaves it, either the header or a block that
// every latch goes through; reset to false in the body before that test
// (for the header, on every path to a latch); and never reached other
// than by loads, stores and closures' bindings.
func flagGateOf(fn *ssa.Function, l *loop) *flagGate {
	for _, blk := range fn.Blocks {
		if !l.body[blk] || len(blk.Instrs) == 0 {
			continue
		}
		ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
		if !ok || !l.body[blk.Succs[0]] || l.body[blk.Succs[1]] {
			continue
		}
		load, ok := ifi.Cond.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			continue
		}
		alloc, ok := load.X.(*ssa.Alloc)
		if !ok || !isBool(alloc) {
			continue
		}
		if blk != l.header && !dominatesAll(blk, l.latches) {
			continue
		}
		if !resetBefore(alloc, load, blk, l) {
			continue
		}
		sets, ok := flagSets(alloc, 0)
		if !ok {
			continue
		}
		return &flagGate{header: l.header, sets: sets}
	}
	return nil
}

func isBool(a *ssa.Alloc) bool {
	p, ok := a.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	b, ok := p.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

func dominatesAll(b *ssa.BasicBlock, bs []*ssa.BasicBlock) bool {
	for _, x := range bs {
		if !b.Dominates(x) {
			return false
		}
	}
	return true
}

// resetBefore reports a store of false to alloc (or alloc itself, a
// variable declared in the body: zero) in the loop's body, outside its
// header, that runs before the test load in block test of every
// iteration; for a test in the header, one on every path to a latch.
func resetBefore(alloc *ssa.Alloc, load ssa.Instruction, test *ssa.BasicBlock, l *loop) bool {
	resets := []ssa.Instruction{}
	if l.body[alloc.Block()] && alloc.Block() != l.header {
		resets = append(resets, alloc)
	}
	for _, ref := range *alloc.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == alloc && isFalse(st.Val) && l.body[st.Block()] && st.Block() != l.header {
			resets = append(resets, st)
		}
	}
	for _, r := range resets {
		if test == l.header {
			if dominatesAll(r.Block(), l.latches) {
				return true
			}
		} else if ssautil.Before(r, load) {
			return true
		}
	}
	return false
}

func isFalse(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && !constant.BoolVal(c.Value)
}

// flagSets returns the stores of anything but false to the variable addr
// (an Alloc, or a closure's free variable bound to it), in its function
// and the function literals capturing it; ok is false when the variable
// is reached otherwise (its address passed or stored: any call may set
// it).
func flagSets(addr ssa.Value, depth int) (sets []ssa.Instruction, ok bool) {
	if depth > 4 || addr.Referrers() == nil {
		return nil, false
	}
	for _, ref := range *addr.Referrers() {
		switch x := ref.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil, false
			}
		case *ssa.Store:
			if x.Addr != addr {
				return nil, false // its address stored
			}
			if !isFalse(x.Val) {
				sets = append(sets, x)
			}
		case *ssa.DebugRef:
		case *ssa.MakeClosure:
			for i, b := range x.Bindings {
				if b != addr {
					continue
				}
				fn := x.Fn.(*ssa.Function)
				inner, ok := flagSets(fn.FreeVars[i], depth+1)
				if !ok {
					return nil, false
				}
				sets = append(sets, inner...)
			}
		default:
			return nil, false
		}
	}
	return sets, true
}

// reruns reports whether instr (of the loop's function or of a function
// literal made there) lies on one path with a set of the flag within an
// iteration.
func (g *flagGate) reruns(loopFn *ssa.Function, instr ssa.Instruction) bool {
	for _, s := range g.sets {
		if g.onePath(loopFn, instr, s) {
			return true
		}
	}
	return false
}

// onePath reports whether a and b run in one iteration, one after the
// other: compared in the innermost function enclosing both, the
// instructions creating the literals that hold them standing for them.
func (g *flagGate) onePath(loopFn *ssa.Function, a, b ssa.Instruction) bool {
	as, bs := enclosing(a, loopFn), enclosing(b, loopFn)
	for _, x := range as {
		for _, y := range bs {
			if x.Parent() != y.Parent() {
				continue
			}
			if x == y {
				return true
			}
			if x.Parent() == loopFn {
				inHeader := func(i ssa.Instruction) bool { return i.Block() == g.header }
				return ssautil.ReachesWithout(x, y, inHeader) || ssautil.ReachesWithout(y, x, inHeader)
			}
			return ssautil.ReachesWithout(x, y, never) || ssautil.ReachesWithout(y, x, never)
		}
	}
	return false
}

func never(ssa.Instruction) bool { return false }

// enclosing returns instr and the MakeClosure instructions creating the
// function literals around it, innermost first, up to one of fn.
func enclosing(instr ssa.Instruction, fn *ssa.Function) []ssa.Instruction {
	out := []ssa.Instruction{instr}
	for instr != nil && instr.Parent() != fn && len(out) < 8 {
		instr = closureOf(instr.Parent())
		if instr != nil {
			out = append(out, instr)
		}
	}
	return out
}
