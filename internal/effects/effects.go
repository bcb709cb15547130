// Package effects gathers, for the at-least-once checkers (redelivery,
// cronlease), the effects a function repeats when it runs again and the
// claims that let only one run through, from the model: dbcall's
// Access.Repeats and Access.Claim, netcall's Call.Repeats, and entry's
// distributed locks. It recognizes no library call itself.
package effects

import (
	"go/token"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/entry"
	"github.com/idemvet/idemvet/passes/netcall"
)

// Effect is a call that repeats an effect when the function runs again.
type Effect struct {
	Call ssa.CallInstruction
	Pos  token.Pos
	// What says what it repeats: "insert into grants", "POST {url}".
	What string
	// Via names the first callee when the effect happens in a called
	// function, "" for a library call made here.
	Via string
	// Origin is where the effect happens ("grants.go:40").
	Origin string
	Access *dbcall.Access
}

// Set holds the effects and claims of a function and its closures.
type Set struct {
	Root    *ssa.Function
	Effects []*Effect
	Claims  []ssa.CallInstruction
	// reads are the reads of each table, for inserts decided by state.
	reads map[string][]ssa.CallInstruction
}

// maxDepth bounds the closures followed.
const maxDepth = 4

// Of collects the effects and claims of fn and the function literals
// inside it.
func Of(fset *token.FileSet, db *dbcall.Result, nc *netcall.Result, ent *entry.Result, fn *ssa.Function) *Set {
	s := &Set{Root: fn, reads: map[string][]ssa.CallInstruction{}}
	seen := map[ssa.CallInstruction]bool{}
	inner := map[*ssa.Function]bool{}
	var mark func(f *ssa.Function, depth int)
	mark = func(f *ssa.Function, depth int) {
		for _, anon := range f.AnonFuncs {
			if depth < maxDepth {
				inner[anon] = true
				mark(anon, depth+1)
			}
		}
	}
	mark(fn, 0)
	var walk func(f *ssa.Function, depth int)
	walk = func(f *ssa.Function, depth int) {
		if fi := db.Func(f); fi != nil {
			for _, a := range fi.Accesses {
				if inner[ssautil.FuncOf(a.Call.Common().Value)] {
					continue // a closure walked below: counted once, where it happens
				}
				if a.Kind == dbcall.KindRead && a.Table != "" {
					s.reads[a.Table] = append(s.reads[a.Table], a.Call)
				}
				if a.Claim() {
					s.Claims = append(s.Claims, a.Call)
					continue
				}
				if a.Heuristic {
					continue // inferred from a name: never evidence of an effect
				}
				if ok, what := a.Repeats(); ok && !seen[a.Call] {
					seen[a.Call] = true
					e := &Effect{Call: a.Call, Pos: a.Pos, What: what, Origin: a.Position(fset), Access: a}
					if a.Via != nil && len(a.Via.Callees) > 0 {
						e.Via = a.Via.Callees[0]
					}
					s.Effects = append(s.Effects, e)
				}
			}
		}
		if fi := nc.Func(f); fi != nil {
			for _, c := range fi.Calls {
				if inner[ssautil.FuncOf(c.Instr.Common().Value)] {
					continue
				}
				if ok, what := c.Repeats(); ok && !seen[c.Instr] {
					seen[c.Instr] = true
					e := &Effect{Call: c.Instr, Pos: c.Instr.Pos(), What: what}
					if len(c.Chain) > 1 {
						e.Via = c.Chain[0]
					}
					s.Effects = append(s.Effects, e)
				}
			}
		}
		for _, l := range ent.Locks(f) {
			s.Claims = append(s.Claims, l.Call)
		}
		if depth < maxDepth {
			for _, anon := range f.AnonFuncs {
				walk(anon, depth+1)
			}
		}
	}
	walk(fn, 0)
	sort.SliceStable(s.Effects, func(i, j int) bool { return s.Effects[i].Pos < s.Effects[j].Pos })
	return s
}

// Claimed reports whether a claim runs before the effect: in the same
// function and dominating it, or lifted to the root, before the closure
// that holds the effect. A claim made by the same call as the effect (a
// service that claims and then writes) counts.
func (s *Set) Claimed(e *Effect) bool {
	claims := s.Claims
	if e.Access != nil && e.Access.Kind == dbcall.KindInsert {
		// An insert after a read of its table is decided by the state it
		// finds (the member already exists, so update it): a redelivery
		// finds the row. Two deliveries at once race, which is
		// checkfindinsert's finding, not this one.
		claims = append(append([]ssa.CallInstruction(nil), claims...), s.reads[e.Access.Table]...)
	}
	for _, c := range claims {
		if c == e.Call {
			return true
		}
		if c.Parent() == e.Call.Parent() {
			if ssautil.Before(c, e.Call) {
				return true
			}
			continue
		}
		lc, le := lift(c, s.Root), lift(e.Call, s.Root)
		if lc == nil || le == nil {
			continue
		}
		if lc == le || ssautil.Before(lc, le) {
			return true
		}
	}
	return false
}

// lift returns the instruction of root that leads to instr: instr itself,
// or the closure creation (or call) holding it.
func lift(instr ssa.Instruction, root *ssa.Function) ssa.Instruction {
	for i := 0; i < maxDepth+1; i++ {
		fn := instr.Parent()
		if fn == root {
			return instr
		}
		parent := fn.Parent()
		if parent == nil {
			return nil
		}
		var found ssa.Instruction
		for _, b := range parent.Blocks {
			for _, x := range b.Instrs {
				if mc, ok := x.(*ssa.MakeClosure); ok && mc.Fn == fn {
					found = x
				}
			}
		}
		if found == nil {
			return nil
		}
		instr = found
	}
	return nil
}
