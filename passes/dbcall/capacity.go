package dbcall

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
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
	a, rv, op, ok := r.countCompare(ifi)
	if !ok {
		return Limit{}, false
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

// countCompare reports whether the branch ifi compares a count with
// another value, bound, as "count op bound".
func (r *Result) countCompare(ifi *ssa.If) (a *Access, bound ssa.Value, op token.Token, ok bool) {
	if r == nil {
		return nil, nil, 0, false
	}
	fi := r.funcs[ifi.Parent()]
	if fi == nil {
		return nil, nil, 0, false
	}
	bin, ok := unwrap(ifi.Cond).(*ssa.BinOp)
	if !ok || !isComparison(bin.Op) {
		return nil, nil, 0, false
	}
	l, rv, op := unwrap(bin.X), unwrap(bin.Y), bin.Op
	a = fi.signalOf(l)
	if a == nil || !isCountSignal(a) {
		if a = fi.signalOf(rv); a == nil || !isCountSignal(a) {
			return nil, nil, 0, false
		}
		rv, op = l, mirror(op)
	}
	if fi.signalOf(rv) != nil {
		return nil, nil, 0, false // two counts compared
	}
	return a, rv, op, true
}

// Floor is a branch refusing a write when a count is at or below a
// bound: the last admin kept.
//
//	admins, _ := repo.CountUsers(ctx, &User{Admin: true}) // SELECT COUNT(*) ... WHERE admin = true
//	if user.Admin && admins == 1 {                        // Floor{Access: the count, AtFloor: 0}
//		return ErrLastAdmin
//	}
//	repo.DeleteUser(ctx, user.ID)
type Floor struct {
	Access *Access
	// AtFloor is the index (0 or 1) of the If's successor taken when the
	// count is at or below the bound.
	AtFloor int
	Bound   ssa.Value
}

// Floor reports whether the branch ifi compares a count with a bound of
// at least one (n == 1, n <= 1, n < 2, n > 1, n >= min), and which way
// is at or below it. A comparison with zero is a presence test, and one
// with a loop's index (range over the rows read) no floor.
func (r *Result) Floor(ifi *ssa.If) (Floor, bool) {
	a, rv, op, ok := r.countCompare(ifi)
	if !ok {
		return Floor{}, false
	}
	if c, ok := rv.(*ssa.Const); ok {
		if c.Value == nil || c.Value.Kind() != constant.Int {
			return Floor{}, false
		}
		n, exact := constant.Int64Val(c.Value)
		if !exact || n < 1 || n == 1 && (op == token.LSS || op == token.GEQ) {
			return Floor{}, false // n < 1, n >= 1: none or some
		}
	}
	if loopIndex(rv) {
		// i < len(rows) of a loop over the rows read: no floor.
		return Floor{}, false
	}
	f := Floor{Access: a, Bound: rv}
	switch op {
	case token.EQL, token.LSS, token.LEQ:
		f.AtFloor = 0
	default: // NEQ, GTR, GEQ: true when above the floor
		f.AtFloor = 1
	}
	return f, true
}

// isCountSignal reports a read whose outcome is a number of rows: COUNT,
// gorm Count, or the rows themselves.
func isCountSignal(a *Access) bool {
	if a.Kind != KindRead || a.Exists {
		return false
	}
	return a.Found.Signal == SignalCount || a.Found.Signal == SignalLen
}

// loopIndex reports a loop's index: a phi, or a phi plus or minus a
// value (range's i+1 < len(rows)).
func loopIndex(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Phi:
		return true
	case *ssa.BinOp:
		if x.Op == token.ADD || x.Op == token.SUB {
			_, l := unwrap(x.X).(*ssa.Phi)
			_, r := unwrap(x.Y).(*ssa.Phi)
			return l || r
		}
	}
	return false
}

// Overdraw is a branch on a total of rows, a SUM aggregate or a balance
// computed from some, that may decide a write: the balance checked
// against the amount before the debit row is inserted.
//
//	balance := isolatedBalance(tx, app)      // SUM(incoming) - SUM(outgoing)
//	if amount > balance {                    // Overdraw{Sum: the outgoing total, ...}
//		return ErrInsufficient
//	}
//	tx.Create(&Transaction{App: app, Type: "outgoing", Amount: amount})
//
// A branch on the error of a validation helper that makes such a check
// (SumGate) is one too, with By naming the helper.
type Overdraw struct {
	Sum *Access
	If  *ssa.If
	By  string
}

// Overdraws returns the branches of fn on the totals its reads (or its
// callees' reads) return.
func (r *Result) Overdraws(fn *ssa.Function) []Overdraw {
	fi := r.Func(fn)
	if fi == nil || r.b == nil {
		return nil
	}
	if !hasTotals(fi) {
		return nil
	}
	var out []Overdraw
	for ifi := range ssautil.Branches(fn) {
		sums, by := r.b.totalsTested(fi, ifi.Cond)
		for _, a := range sums {
			out = append(out, Overdraw{Sum: a, If: ifi, By: by})
		}
	}
	return out
}

func hasTotals(fi *FuncInfo) bool {
	for _, a := range fi.Accesses {
		if a.Kind == KindRead && a.Sum {
			return true
		}
	}
	return false
}

// totalsTested returns the SUM reads of fi a branch condition tests: a
// comparison one side of which is computed from their totals, or the
// error of a call whose summary says its totals decide it (and the
// helper's name).
func (b *builder) totalsTested(fi *FuncInfo, cond ssa.Value) ([]*Access, string) {
	cond = unwrap(cond)
	for i := 0; i < 4; i++ {
		not, ok := cond.(*ssa.UnOp)
		if !ok || not.Op != token.NOT {
			break
		}
		cond = unwrap(not.X)
	}
	if bin, ok := cond.(*ssa.BinOp); ok {
		if call, _, ok := errTest(bin); ok {
			var out []*Access
			for _, a := range fi.Accesses {
				if a.Call == ssa.CallInstruction(call) && a.Kind == KindRead && a.Sum && a.SumGate {
					out = append(out, a)
				}
			}
			return out, calleeName(call.Common())
		}
	}
	x, y, _, ok := comparison(cond)
	if !ok {
		return nil, ""
	}
	var out []*Access
	for _, v := range []ssa.Value{x, y} {
		for _, src := range sourcesIn(b, fi, Ref{Root: v}, nil) {
			if a := src.Read; a.Kind == KindRead && a.Sum && !containsAccess(out, a) {
				out = append(out, a)
			}
		}
	}
	return out, ""
}

func containsAccess(as []*Access, a *Access) bool {
	for _, x := range as {
		if x == a {
			return true
		}
	}
	return false
}

// failingTotals returns the SUM reads of fn whose totals decide whether
// fn fails: a branch on them one side of which only fails (returns an
// error, or false) and the other can succeed.
func (b *builder) failingTotals(fn *ssa.Function, fi *FuncInfo, rets []*ssa.Return) []*Access {
	if fi == nil || !hasTotals(fi) || len(rets) < 2 {
		return nil
	}
	res, isBool, ok := failResult(fn.Signature)
	if !ok {
		return nil
	}
	var failRets, okRets []*ssa.BasicBlock
	for _, r := range rets {
		if res < len(r.Results) && fails(fn, r, r.Results[res], isBool) {
			failRets = append(failRets, r.Block())
		} else {
			okRets = append(okRets, r.Block())
		}
	}
	if len(failRets) == 0 || len(okRets) == 0 {
		return nil
	}
	reachesFail, reachesOK := reachingBlocks(failRets), reachingBlocks(okRets)
	var out []*Access
	for ifi := range ssautil.Branches(fn) {
		succ := ifi.Block().Succs
		decides := reachesFail[succ[0]] && !reachesOK[succ[0]] && reachesOK[succ[1]] ||
			reachesFail[succ[1]] && !reachesOK[succ[1]] && reachesOK[succ[0]]
		if !decides {
			continue
		}
		sums, _ := b.totalsTested(fi, ifi.Cond)
		for _, a := range sums {
			if !containsAccess(out, a) {
				out = append(out, a)
			}
		}
	}
	return out
}
