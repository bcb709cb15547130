package dbcall

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Limit is a branch comparing the number of rows a read counted with a
// bound: a capacity check.
//
//	n, _ := repo.CountMembers(ctx, team)   // SELECT COUNT(*) ... WHERE team_id = $1
//	if n >= plan.MaxMembers {             // Limit{Access: the count, Under: 1}
//		return ErrTeamFull
//	}
//
// A comparison with zero (or "at least one") is a presence test, told by
// Decide instead.
type Limit struct {
	Access *Access
	// Under is the index (0 or 1) of the If's successor taken when the
	// count is below the bound.
	Under int
	// Bound is the value the count is compared with.
	Bound ssa.Value
}

// Limit reports whether the branch ifi compares a count (COUNT(*), gorm
// Count, len of the rows a read returned, a count a repository returns)
// with a bound other than zero or one, and which way is below it.
func (r *Result) Limit(ifi *ssa.If) (Limit, bool) {
	if r == nil {
		return Limit{}, false
	}
	fi := r.funcs[ifi.Parent()]
	if fi == nil {
		return Limit{}, false
	}
	bin, ok := unwrap(ifi.Cond).(*ssa.BinOp)
	if !ok || !isComparison(bin.Op) {
		return Limit{}, false
	}
	l, rv, op := unwrap(bin.X), unwrap(bin.Y), bin.Op
	a := fi.signalOf(l)
	if a == nil || !isCountSignal(a) {
		if a = fi.signalOf(rv); a == nil || !isCountSignal(a) {
			return Limit{}, false
		}
		l, rv, op = rv, l, mirror(op)
	}
	if fi.signalOf(rv) != nil {
		return Limit{}, false // two counts compared
	}
	if c, ok := rv.(*ssa.Const); ok {
		if c.Value == nil || c.Value.Kind() != constant.Int {
			return Limit{}, false
		}
		n, exact := constant.Int64Val(c.Value)
		if !exact || n < 0 {
			return Limit{}, false
		}
		// n > 0, n >= 1, n < 1, n <= 0, n == 0, n != 0: presence.
		switch {
		case n == 0:
			return Limit{}, false
		case n == 1 && (op == token.GEQ || op == token.LSS || op == token.EQL || op == token.NEQ):
			return Limit{}, false
		}
	}
	lim := Limit{Access: a, Bound: rv}
	switch op {
	case token.LSS, token.LEQ, token.NEQ:
		lim.Under = 0
	default: // GTR, GEQ, EQL: true when at or over the bound
		lim.Under = 1
	}
	return lim, true
}

// isCountSignal reports a read whose outcome is a number of rows: COUNT,
// gorm Count, or the rows themselves.
func isCountSignal(a *Access) bool {
	if a.Kind != KindRead || a.Exists {
		return false
	}
	return a.Found.Signal == SignalCount || a.Found.Signal == SignalLen
}
