package dbcall

import (
	"fmt"
	"os"

	"golang.org/x/tools/go/ssa"
)

// The model's work on one function is bounded twice over. Every walk over
// SSA values keeps a visited set or a memo, so one question about a
// function costs at most a visit of each of its values; and the questions
// asked while the model is built all spend one budget per function (the
// idemvet_config budget option: values visited). A function whose budget
// runs out is given up on: it has no accesses and no summary, so no
// finding is reported in it or through it, and under -debug a note says
// so. Real functions stay far below the default (the largest seen on the
// corpus services spend a few thousand); it exists so that no input, such
// as a generated function of thousands of phis and returns, makes idemvet
// hang.

// budgetExceeded is the panic value of a walk that ran out of budget; the
// nearest within recovers it.
type budgetExceeded struct{}

// spend charges one visited value to the function being modeled. At query
// time (after run), when limit is 0, visits are free: the visited sets
// bound them.
func (b *builder) spend() {
	if b == nil || b.limit <= 0 || b.nesting == 0 {
		return
	}
	b.steps++
	if b.steps > b.limit {
		panic(budgetExceeded{})
	}
}

// within runs f, the modeling of fn (what says which part), on a fresh
// budget, and reports whether it finished. The budget of an enclosing
// within (a caller being modeled when fn's summary was needed) is set
// aside meanwhile.
func (b *builder) within(fn *ssa.Function, what string, f func()) (ok bool) {
	saved := b.steps
	b.steps = 0
	b.nesting++
	defer func() {
		b.steps = saved
		b.nesting--
		if r := recover(); r != nil {
			if _, is := r.(budgetExceeded); !is {
				panic(r)
			}
			ok = false
			if b.over[fn] {
				return
			}
			if b.over == nil {
				b.over = map[*ssa.Function]bool{}
			}
			b.over[fn] = true
			b.gaveUp = append(b.gaveUp, fn)
			if b.debug {
				fmt.Fprintf(os.Stderr, "idemvet: dbcall: gave up on %s (%s) at %v: more than %d values visited (-budget)\n",
					fn, what, b.pass.Fset.Position(fn.Pos()), b.limit)
			}
		}
	}()
	if b.over[fn] {
		return false // given up on already: its summary is not worth the work
	}
	f()
	return true
}

// GaveUp returns the functions the model gave up on, over budget.
func (r *Result) GaveUp() []*ssa.Function {
	if r == nil || r.b == nil {
		return nil
	}
	return r.b.gaveUp
}
