// Package ssautil holds control-flow queries over SSA shared by idemvet's
// passes and checkers.
package ssautil

import (
	"iter"

	"golang.org/x/tools/go/ssa"
)

// Reachable reports whether block to can be reached from block from
// (a block reaches itself).
func Reachable(from, to *ssa.BasicBlock) bool {
	if from == nil || to == nil {
		return false
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == to {
			return true
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		stack = append(stack, b.Succs...)
	}
	return false
}

// ReachableAvoiding reports whether block to can be reached from block from
// without taking the edge from block via to block edge.
func ReachableAvoiding(from, to, via, edge *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == to {
			return true
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		for _, s := range b.Succs {
			if b == via && s == edge {
				continue
			}
			stack = append(stack, s)
		}
	}
	return false
}

// Index returns the position of instr in its block, or -1.
func Index(instr ssa.Instruction) int {
	for i, x := range instr.Block().Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}

// ReachesWithout reports whether instruction to can run after instruction
// from on some path that passes no instruction for which stop is true.
func ReachesWithout(from, to ssa.Instruction, stop func(ssa.Instruction) bool) bool {
	fb, tb := from.Block(), to.Block()
	if fb == nil || tb == nil || fb.Parent() != tb.Parent() {
		return false
	}
	fi := Index(from)
	// The rest of from's block.
	for _, x := range fb.Instrs[fi+1:] {
		if x == to {
			return true
		}
		if stop(x) {
			return false
		}
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), fb.Succs...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		blocked := false
		for _, x := range b.Instrs {
			if x == to {
				return true
			}
			if stop(x) {
				blocked = true
				break
			}
		}
		if !blocked {
			stack = append(stack, b.Succs...)
		}
	}
	return false
}

// Before reports whether a runs before b in the same function: a's block
// dominates b's, and within one block a comes first.
func Before(a, b ssa.Instruction) bool {
	ab, bb := a.Block(), b.Block()
	if ab == nil || bb == nil || ab.Parent() != bb.Parent() {
		return false
	}
	if ab == bb {
		return Index(a) < Index(b)
	}
	return ab.Dominates(bb)
}

// Reach answers reachability questions about the blocks of functions, as
// Reachable and ReachableAvoiding do, computing the blocks reachable from
// each source (and edge avoided) once: a checker asking about every pair
// of a large function's accesses then costs one walk per source instead
// of one per pair. The zero Reach is ready to use.
type Reach struct {
	sets map[reachKey][]bool
	back map[*ssa.BasicBlock][]bool
}

// ReachableTo answers what Reachable does, memoizing for each target the
// blocks that reach it (one backward walk per target): the form for many
// sources asked about one target, such as every branch of a large
// function asked whether it leads to one write.
func (r *Reach) ReachableTo(from, to *ssa.BasicBlock) bool {
	if from == nil || to == nil || from.Parent() != to.Parent() {
		return false
	}
	set, ok := r.back[to]
	if !ok {
		set = make([]bool, len(to.Parent().Blocks))
		stack := []*ssa.BasicBlock{to}
		for len(stack) > 0 {
			b := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if set[b.Index] {
				continue
			}
			set[b.Index] = true
			stack = append(stack, b.Preds...)
		}
		if r.back == nil {
			r.back = map[*ssa.BasicBlock][]bool{}
		}
		r.back[to] = set
	}
	return from.Index < len(set) && set[from.Index]
}

type reachKey struct{ from, via, edge, through *ssa.BasicBlock }

// ReachableNotThrough reports whether block to can be reached from block
// from without passing through block through (which may be from itself:
// it is left, never entered again).
func (r *Reach) ReachableNotThrough(from, to, through *ssa.BasicBlock) bool {
	return r.reach(from, to, reachKey{from: from, through: through}, func(_, s *ssa.BasicBlock) bool { return s == through })
}

// Reachable reports whether block to can be reached from block from (a
// block reaches itself).
func (r *Reach) Reachable(from, to *ssa.BasicBlock) bool {
	return r.ReachableAvoiding(from, to, nil, nil)
}

// ReachableAvoiding reports whether block to can be reached from block from
// without taking the edge from block via to block edge.
func (r *Reach) ReachableAvoiding(from, to, via, edge *ssa.BasicBlock) bool {
	return r.reach(from, to, reachKey{from: from, via: via, edge: edge}, func(b, s *ssa.BasicBlock) bool { return b == via && s == edge })
}

// reach answers from the set of blocks reachable from from without the
// edges skip refuses, computed once per key.
func (r *Reach) reach(from, to *ssa.BasicBlock, k reachKey, skip func(b, s *ssa.BasicBlock) bool) bool {
	if from == nil || to == nil || from.Parent() != to.Parent() {
		return false
	}
	set, ok := r.sets[k]
	if !ok {
		set = make([]bool, len(from.Parent().Blocks))
		stack := []*ssa.BasicBlock{from}
		for len(stack) > 0 {
			b := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if set[b.Index] {
				continue
			}
			set[b.Index] = true
			for _, s := range b.Succs {
				if !skip(b, s) {
					stack = append(stack, s)
				}
			}
		}
		if r.sets == nil {
			r.sets = map[reachKey][]bool{}
		}
		r.sets[k] = set
	}
	return to.Index < len(set) && set[to.Index]
}

// Branches yields the If instructions that end fn's blocks, in block order.
func Branches(fn *ssa.Function) iter.Seq[*ssa.If] {
	return func(yield func(*ssa.If) bool) {
		for _, blk := range fn.Blocks {
			if ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If); ok && !yield(ifi) {
				return
			}
		}
	}
}

// Operands yields the operands of instr that are set: the values it is
// computed from, the step of every walk back through a value's
// provenance.
func Operands(instr ssa.Instruction) iter.Seq[ssa.Value] {
	return func(yield func(ssa.Value) bool) {
		var buf [8]*ssa.Value
		for _, op := range instr.Operands(buf[:0]) {
			if op != nil && *op != nil && !yield(*op) {
				return
			}
		}
	}
}

// Walk returns the blocks of start and those reachable from them through
// next (Succs forward, Preds backward); each block is visited once.
func Walk(start []*ssa.BasicBlock, next func(*ssa.BasicBlock) []*ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), start...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		stack = append(stack, next(b)...)
	}
	return seen
}

// Succs returns b's successors, for Walk.
func Succs(b *ssa.BasicBlock) []*ssa.BasicBlock { return b.Succs }

// Preds returns b's predecessors.
func Preds(b *ssa.BasicBlock) []*ssa.BasicBlock { return b.Preds }
