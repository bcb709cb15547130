// Package ssautil holds control-flow queries over SSA shared by idemvet's
// passes and checkers.
package ssautil

import "golang.org/x/tools/go/ssa"

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
