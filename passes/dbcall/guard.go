package dbcall

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
)

// Guard is a branch on a column value read from the database that decides
// whether a write runs: the state or balance checked in Go.
//
//	ride, _ := repo.Ride(ctx, id)
//	if ride.Status != "searching" {   // Guard{Column: "status", Op: ==, Other: "searching"}
//		return ErrTaken
//	}
//	repo.Assign(ctx, id, driver)      // the write it decides
type Guard struct {
	Read   *Access // the read that delivered the column
	Column string
	If     *ssa.If
	// Op is the comparison that holds on the way to the write, with the
	// column on the left (the negation of "status != 'searching'" when the
	// write runs on the false side); token.ILLEGAL when the condition is
	// not a comparison of the column (a call taking it, a flag).
	Op token.Token
	// Other is the operand the column is compared with, when Op is set
	// (nil when it is not a value of the function: a field a helper
	// compares with).
	Other ssa.Value
	// By names the validation helper that made the check, when the branch
	// is on its outcome (helperGuards); "" for a check made here.
	By string
}

// Guards returns the branches of w's function on columns of w's table and
// row, read earlier, that decide whether w runs: w is reachable from one
// side of the branch and not from the other. Reads and writes made by the
// same call (a callee's own check-then-write) are the callee's.
func (r *Result) Guards(w *Access) []Guard {
	if r == nil || w == nil || !w.Kind.IsWrite() || w.Table == "" {
		return nil
	}
	fi := r.Func(w.Fn)
	if fi == nil || w.Call.Block() == nil {
		return nil
	}
	target := w.Call.Block()
	// One backward walk from the write answers every branch's question
	// (a function of thousands of branches and writes made this
	// quadratic in blocks per write).
	var reach ssautil.Reach
	var out []Guard
	for _, blk := range fi.Fn.Blocks {
		ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
		if !ok || len(blk.Succs) != 2 {
			continue
		}
		t, f := reach.ReachableTo(blk.Succs[0], target), reach.ReachableTo(blk.Succs[1], target)
		if t == f {
			continue // both sides (or neither) reach the write: it does not decide it
		}
		onTrue := t
		for _, g := range r.guardsOf(fi, ifi, w, &reach) {
			if g.Op != token.ILLEGAL && !onTrue {
				g.Op = negate(g.Op)
			}
			out = append(out, g)
		}
		out = append(out, r.helperGuards(fi, ifi, w, onTrue, &reach)...)
	}
	return out
}

// guardsOf reads the condition of ifi: a comparison of a column read from
// w's row with another value, or any condition computed from such a column.
func (r *Result) guardsOf(fi *FuncInfo, ifi *ssa.If, w *Access, reach *ssautil.Reach) []Guard {
	type side struct {
		v, other ssa.Value
		op       token.Token
	}
	var sides []side
	cond, negated := unwrap(ifi.Cond), false
	for i := 0; i < 4; i++ {
		if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
			cond, negated = unwrap(not.X), !negated
			continue
		}
		break
	}
	if x, y, op, ok := comparison(cond); ok && !negated {
		sides = []side{{x, y, op}, {y, x, mirror(op)}}
	} else if isBoolType(cond.Type()) {
		// A flag read from the row: "if !u.HasData", "if c.Used".
		op := token.EQL
		if negated {
			op = token.NEQ
		}
		sides = []side{{cond, ssa.NewConst(constant.MakeBool(true), types.Typ[types.Bool]), op}}
	} else {
		sides = []side{{ifi.Cond, nil, token.ILLEGAL}}
	}
	var out []Guard
	for _, s := range sides {
		for _, src := range r.branchSources(fi.Fn, s.v) {
			rd := src.Read
			if rd.Kind != KindRead || rd.Table != w.Table || rd.Call == w.Call || rd.Count || rd.Exists {
				continue
			}
			if !ssautil.Before(rd.Call, ifi) && !(rd.Call.Block() != nil && reach.Reachable(rd.Call.Block(), ifi.Block())) {
				continue
			}
			if !r.SameRow(fi, rd, w) {
				continue
			}
			g := Guard{Read: rd, Column: src.Column, If: ifi, Op: token.ILLEGAL}
			if s.other != nil && !src.Derived {
				g.Op, g.Other = s.op, s.other
			}
			out = append(out, g)
		}
	}
	return out
}

// branchSources is Sources(fn, Ref{Root: v}) for a value a branch tests,
// computed once per value: Guards asks it for every branch of the function
// once per write (a function of thousands of branches and writes made it
// quadratic in the provenance walk). The slice is shared: callers do not
// modify it.
func (r *Result) branchSources(fn *ssa.Function, v ssa.Value) []Source {
	if s, ok := r.condSources.Load(v); ok {
		return s.([]Source)
	}
	s, _ := r.condSources.LoadOrStore(v, r.Sources(fn, Ref{Root: v}))
	return s.([]Source)
}

// comparison reads a comparison of two values: a Go operator (x < y), or
// a method apis.Comparators names (x.LessThan(y) of decimals).
func comparison(v ssa.Value) (x, y ssa.Value, op token.Token, ok bool) {
	switch c := v.(type) {
	case *ssa.BinOp:
		if isComparison(c.Op) {
			return c.X, c.Y, c.Op, true
		}
	case *ssa.Call:
		f := analysisutil.CalleeFunc(c.Common())
		if f == nil || c.Common().IsInvoke() || len(c.Common().Args) != 2 {
			return nil, nil, 0, false
		}
		if text, known := apis.Comparators[apis.RawFullName(f)]; known {
			return c.Common().Args[0], c.Common().Args[1], comparisonOps[text], true
		}
	}
	return nil, nil, 0, false
}

var comparisonOps = map[string]token.Token{"<": token.LSS, "<=": token.LEQ, ">": token.GTR, ">=": token.GEQ, "==": token.EQL, "!=": token.NEQ}

func isComparison(op token.Token) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}

// negate returns the comparison that holds when op does not.
func negate(op token.Token) token.Token {
	switch op {
	case token.EQL:
		return token.NEQ
	case token.NEQ:
		return token.EQL
	case token.LSS:
		return token.GEQ
	case token.GEQ:
		return token.LSS
	case token.GTR:
		return token.LEQ
	case token.LEQ:
		return token.GTR
	}
	return op
}

// ReturnedColumns returns the columns of the read rd, other than its keys
// and the write w's, that w's function hands back to its caller in a
// reply built from the row, from a return reachable from the block from
// and not avoided: values of the row stored into the fields of a struct
// that is returned (the access token of the code's row, in the reply
// built for the client).
//
//	return &Reply{AccessToken: g.AccessToken}, nil   // access_token
//
// A column returned bare (return user.Email, nil after the activation) or
// the row itself (return order, nil) is the row reported back, not a reply
// issued on the check's word.
func (r *Result) ReturnedColumns(w, rd *Access, from *ssa.BasicBlock, avoid func(*ssa.BasicBlock) bool) []string {
	fi := r.Func(w.Fn)
	if fi == nil || from == nil || rd == nil {
		return nil
	}
	keys := w.keySet()
	for k := range rd.keySet() {
		keys[k] = true
	}
	var out []string
	add := func(v ssa.Value) {
		ref := refOf(v)
		if ref.Root == nil || ref.Path == "" {
			return
		}
		for _, src := range r.Sources(w.Fn, ref) {
			if src.Read == rd && !src.Derived && src.Column != "" && !keys[src.Column] && !slices.Contains(out, src.Column) {
				out = append(out, src.Column)
			}
		}
	}
	for _, ret := range returns(w.Fn) {
		blk := ret.Block()
		if !ssautil.Reachable(from, blk) || avoid != nil && avoid(blk) {
			continue
		}
		for _, v := range ret.Results {
			alloc, ok := unwrap(v).(*ssa.Alloc)
			if !ok || alloc.Referrers() == nil {
				continue
			}
			// A struct built to be returned: the values stored into its
			// fields.
			for _, ref := range *alloc.Referrers() {
				fa, ok := ref.(*ssa.FieldAddr)
				if !ok || fa.Referrers() == nil {
					continue
				}
				for _, fr := range *fa.Referrers() {
					if st, ok := fr.(*ssa.Store); ok && st.Addr == fa {
						add(st.Val)
					}
				}
			}
		}
	}
	return out
}

// branchedOn reports that a branch of fi's function tests the column col
// that the read a delivered: a comparison of it, or a flag read from the
// row ("if d.Status == "verified" { return ErrVerified }"). A test of the
// row's presence (d == nil) names no column and does not count.
func (b *builder) branchedOn(fi *FuncInfo, a *Access, col string) bool {
	if a.Kind != KindRead || col == "" || col == "*" {
		return false
	}
	if fi == nil || fi.Fn != a.Fn {
		fi = b.infos[a.Fn]
	}
	if fi == nil {
		return false
	}
	if fi.branched == nil {
		fi.branched = map[*Access][]string{}
		for _, blk := range fi.Fn.Blocks {
			ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
			if !ok {
				continue
			}
			cond := unwrap(ifi.Cond)
			for i := 0; i < 4; i++ {
				if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
					cond = unwrap(not.X)
				}
			}
			vals := []ssa.Value{cond}
			if x, y, _, ok := comparison(cond); ok {
				vals = []ssa.Value{x, y}
			} else if !isBoolType(cond.Type()) {
				continue
			}
			for _, v := range vals {
				for _, src := range sourcesIn(b, fi, Ref{Root: v}, nil) {
					if src.Read != nil && src.Column != "" && src.Column != "*" && !slices.Contains(fi.branched[src.Read], src.Column) {
						fi.branched[src.Read] = append(fi.branched[src.Read], src.Column)
					}
				}
			}
		}
	}
	return slices.Contains(fi.branched[a], col)
}
