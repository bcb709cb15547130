package dbcall

import (
	"github.com/idemvet/idemvet/internal/ssautil"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/passes/apis"
)

// outcome registers the values through which an access reports whether it
// found a row, so branches on them can be read.
func (b *builder) outcome(fi *FuncInfo, a *Access) {
	for _, v := range a.Found.Values {
		if _, dup := fi.signals[v]; !dup {
			fi.signals[v] = a
		}
	}
	for _, v := range a.Found.Nil {
		if _, dup := fi.nils[v]; !dup {
			fi.nils[v] = a
		}
	}
	if a.Found.Addr != nil {
		if _, dup := fi.addrs[a.Found.Addr]; !dup {
			fi.addrs[a.Found.Addr] = a
		}
	}
}

// signalOf returns the access whose found-signal v carries: the signal value
// itself, a load of a scanned count or flag, len() of a scanned slice, an
// error wrapped with %w, or a phi whose non-nil edges agree.
func (fi *FuncInfo) signalOf(v ssa.Value) *Access {
	var phis map[*ssa.Phi]*Access
	return fi.signalWalk(v, &phis)
}

// signalWalk is signalOf with the answers for the phis met so far (made on
// the first), which also stop cycles: a phi met again while its own edges
// are being asked about carries no signal.
func (fi *FuncInfo) signalWalk(v ssa.Value, phis *map[*ssa.Phi]*Access) *Access {
	if fi == nil || v == nil {
		return nil
	}
	fi.b.spend()
	v = unwrap(v)
	if a := fi.signals[v]; a != nil {
		return a
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if a := fi.addrs[x.X]; a != nil {
				return a
			}
			// A field of a scanned struct: the field address is the
			// destination registered for the signal.
			if fa, ok := x.X.(*ssa.FieldAddr); ok {
				for addr, a := range fi.addrs {
					if other, ok := addr.(*ssa.FieldAddr); ok && other.X == fa.X && other.Field == fa.Field {
						return a
					}
				}
			}
			// A result of a function with defers, returned through its
			// slot (return rows.Next(), nil stores the flag, runs the
			// defers, then loads it): the value the block stored last.
			if slot, ok := x.X.(*ssa.Alloc); ok {
				if st := lastStoreBefore(slot, x); st != nil {
					return fi.signalWalk(st.Val, phis)
				}
			}
		}
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" && len(x.Call.Args) == 1 {
			arg := unwrap(x.Call.Args[0])
			if ld, ok := arg.(*ssa.UnOp); ok && ld.Op == token.MUL {
				if a := fi.addrs[ld.X]; a != nil && a.Found.Signal == SignalLen {
					return a
				}
			}
			if a := fi.signalWalk(arg, phis); a != nil && a.Found.Signal == SignalLen {
				return a
			}
		}
		if i, ok := apis.ErrorPassThrough[analysisutil.FuncName(&x.Call)]; ok && i < len(x.Call.Args) {
			if a := fi.signalWalk(x.Call.Args[i], phis); a != nil && a.Found.Signal == SignalErr {
				return a
			}
		}
		if analysisutil.FuncName(&x.Call) == "fmt.Errorf" && len(x.Call.Args) == 2 {
			if f, ok := constString(x.Call.Args[0]); ok && strings.Contains(f, "%w") {
				if args, ok := variadicArgs(x.Call.Args[1]); ok {
					for _, arg := range args {
						if a := fi.signalWalk(arg, phis); a != nil && a.Found.Signal == SignalErr {
							return a
						}
					}
				}
			}
		}
	case *ssa.Phi:
		if a, ok := (*phis)[x]; ok {
			return a
		}
		if *phis == nil {
			*phis = map[*ssa.Phi]*Access{}
		}
		(*phis)[x] = nil
		if a := fi.andFound(x, phis); a != nil {
			(*phis)[x] = a
			return a
		}
		var found *Access
		unasked := false // a false edge: the lookup was not made (no key to look up)
		for _, e := range x.Edges {
			if isNil(e) {
				continue
			}
			if c, ok := unwrap(e).(*ssa.Const); ok && c.Value != nil && isBoolType(c.Type()) && c.Value.ExactString() == "false" {
				unasked = true
				continue
			}
			a := fi.signalWalk(e, phis)
			if a == nil || found != nil && found != a {
				return nil
			}
			found = a
		}
		if unasked && found != nil && (found.Found.Signal != SignalBool || found.Found.Negated) {
			found = nil // false means "not found" only of a flag that is true when found
		}
		(*phis)[x] = found
		return found
	}
	// An error or count the closure's maker got and the closure captured.
	return fi.capturedAccess(v, false)
}

// Decision is a branch on whether a read found a row.
type Decision struct {
	Access *Access
	// Found is the index (0 or 1) of the If's successor taken when the read
	// matched a row; the other successor is taken when it matched none (or,
	// for an error test, when it failed).
	Found int
	// Also lists the other lookups the branch tests the outcome of, when
	// the row it tests is the row of one of several on different paths
	// (switch by channel: by email, by phone).
	Also []*Access
	// OneOf is set when Access itself is only the first of those: the
	// branch tests the row of one of several lookups, none of them alone.
	OneOf bool
	// Joined lists the reads of the tables Access's SELECT joins
	// (Access.JoinOf): the branch tests their rows as well, each with its
	// own key.
	Joined []*Access
}

// Decide reports whether the branch ifi tests the outcome of a read, and
// which way is which.
func (r *Result) Decide(ifi *ssa.If) (Decision, bool) {
	if r == nil {
		return Decision{}, false
	}
	fi := r.funcs[ifi.Parent()]
	if fi == nil {
		return Decision{}, false
	}
	a, trueFound, ok := fi.foundness(ifi.Cond, r.b)
	// A row variable either of several lookups assigned, one per case (by
	// email, or by phone), or that a helper returns nil when none of its
	// lookups found a row, tested against nil.
	var also []*Access
	as, t := fi.nilTestEach(ifi.Cond)
	switch {
	case ok:
		if slices.Contains(as, a) && t == trueFound {
			for _, o := range as {
				if o != a {
					also = append(also, o)
				}
			}
		}
	case len(as) >= 2:
		a, also, trueFound = as[0], as[1:], t
	default:
		return Decision{}, false
	}
	d := Decision{Access: a, Found: 1, Also: also, OneOf: !ok, Joined: fi.joined(a)}
	if trueFound {
		d.Found = 0
	}
	return d, true
}

// nilTestEach reports a test of a row variable against nil (u == nil,
// !(u != nil)) where the variable holds the nil row of one of several
// lookups, depending on the path (a switch assigning FindByEmail's row or
// FindByPhone's), as a phi or as a variable the closure's maker stored
// each into: the lookups, and whether the test is true when the row was
// found.
func (fi *FuncInfo) nilTestEach(v ssa.Value) ([]*Access, bool) {
	v = unwrap(v)
	if n, ok := v.(*ssa.UnOp); ok && n.Op == token.NOT {
		as, t := fi.nilTestEach(n.X)
		return as, !t
	}
	x, ok := v.(*ssa.BinOp)
	if !ok || x.Op != token.EQL && x.Op != token.NEQ {
		return nil, false
	}
	l, r := unwrap(x.X), unwrap(x.Y)
	if isNil(l) {
		l, r = r, l
	}
	if !isNil(r) {
		return nil, false
	}
	src, vals := fi.reachingStores(l)
	var out []*Access
	for _, cv := range vals {
		as, ok := src.nilRows(cv, map[*ssa.Phi]bool{})
		if !ok {
			return nil, false
		}
		for _, a := range as {
			if !slices.Contains(out, a) {
				out = append(out, a)
			}
		}
	}
	return out, x.Op == token.NEQ
}

// reachingStores returns the values a row variable may hold at the load
// v, and the function they are values of: the stores into a local
// variable that may reach the load, or, for a variable a closure captured,
// the stores its maker made that may reach the closure's creation (the
// closure storing into it first answers nothing). v itself otherwise.
func (fi *FuncInfo) reachingStores(v ssa.Value) (*FuncInfo, []ssa.Value) {
	ld, ok := unwrap(v).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return fi, []ssa.Value{v}
	}
	src, alloc, before := fi, ssa.Value(ld.X), ssa.Instruction(ld)
	if fv, ok := ld.X.(*ssa.FreeVar); ok {
		a, ok := ssautil.ClosureBinding(fv).(*ssa.Alloc)
		if !ok || fi.b == nil || fi.Fn.Parent() == nil || storedBefore(fv, ld) {
			return nil, nil
		}
		mc := closureOf(fi.Fn.Parent(), fi.Fn)
		src = fi.b.infos[fi.Fn.Parent()]
		if mc == nil || src == nil {
			return nil, nil
		}
		alloc, before = a, mc
	} else if _, ok := alloc.(*ssa.Alloc); !ok {
		return fi, []ssa.Value{v}
	}
	var vals []ssa.Value
	for _, ref := range *alloc.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == alloc && st.Parent() == before.Parent() && mayReach(st, before) {
			vals = append(vals, st.Val)
		}
	}
	return src, vals
}

// nilRows returns the lookups whose nil row v is on every path, through
// phis; nil constants (no row yet) are left out.
func (fi *FuncInfo) nilRows(v ssa.Value, seen map[*ssa.Phi]bool) ([]*Access, bool) {
	v = unwrap(v)
	// The nil row of each lookup the call makes (a helper returning nil
	// when none of its lookups found one), or a row that is itself the
	// signal (a helper returning the lookup's row, swallowing its
	// not-found).
	var rows []*Access
	for _, a := range fi.Accesses {
		if slices.Contains(a.Found.Nil, v) || a.Found.Signal == SignalNil && slices.Contains(a.Found.Values, v) {
			rows = append(rows, a)
		}
	}
	if len(rows) > 0 {
		return rows, true
	}
	phi, ok := v.(*ssa.Phi)
	if !ok || seen[phi] {
		return nil, ok
	}
	seen[phi] = true
	var out []*Access
	for _, e := range phi.Edges {
		if isNil(e) {
			continue
		}
		as, ok := fi.nilRows(e, seen)
		if !ok {
			return nil, false
		}
		out = append(out, as...)
	}
	return out, len(out) > 0
}

// foundness reports whether the boolean v tells whether an access found a
// row, and whether v is true when it did:
//
//	err == nil, n > 0, exists, u != nil, len(rows) > 0     true when found
//	errors.Is(err, sql.ErrNoRows), err == pgx.ErrNoRows,
//	n == 0, !exists, u == nil, isNotFound(err)             true when not found
func (fi *FuncInfo) foundness(v ssa.Value, b *builder) (a *Access, trueFound, ok bool) {
	return fi.foundnessDepth(v, b, 0)
}

func (fi *FuncInfo) foundnessDepth(v ssa.Value, b *builder, depth int) (*Access, bool, bool) {
	if fi == nil || depth > 6 {
		return nil, false, false
	}
	v = unwrap(v)
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.NOT {
			a, t, ok := fi.foundnessDepth(x.X, b, depth+1)
			return a, !t, ok
		}
	case *ssa.BinOp:
		return fi.compare(x)
	case *ssa.Call:
		name := analysisutil.FuncName(&x.Call)
		if name == "errors.Is" && len(x.Call.Args) == 2 {
			a := fi.signalOf(x.Call.Args[0])
			if a == nil || a.Found.Signal != SignalErr {
				return nil, false, false
			}
			if isNotFoundSentinel(a, globalName(x.Call.Args[1])) {
				return a, false, true
			}
			return nil, false, false
		}
		if (apis.NotFoundPredicates[name] || isEntFunc(&x.Call, apis.EntIsNotFound)) && len(x.Call.Args) == 1 {
			if a := fi.signalOf(x.Call.Args[0]); a != nil && a.Found.Signal == SignalErr {
				return a, false, true
			}
			return nil, false, false
		}
		if notFound, ok := apis.FSPredicates[name]; ok && len(x.Call.Args) == 1 {
			if a := fi.signalOf(x.Call.Args[0]); a != nil && a.Found.Signal == SignalErr {
				return a, !notFound, true
			}
			return nil, false, false
		}
		// A predicate whose summary says it tests its error argument for
		// "no rows" (isNotFound(err), IsNoRows(err)).
		if b != nil {
			if callee := x.Call.StaticCallee(); callee != nil {
				if sum := b.summaryOf(callee); sum != nil {
					args := ssautil.FullArgs(&x.Call)
					for _, p := range sum.NotFoundParams {
						if p.Param >= len(args) {
							continue
						}
						a := fi.signalOf(args[p.Param])
						if a == nil || a.Found.Signal != SignalErr {
							continue
						}
						for _, s := range p.Sentinels {
							if isNotFoundSentinel(a, s) {
								return a, false, true
							}
						}
					}
				}
			}
		}
	}
	if a := fi.signalOf(v); a != nil && a.Found.Signal == SignalBool {
		return a, !a.Found.Negated, true
	}
	// A flag the closure's maker computed and the closure captured
	// (isCreate := u == nil; tx callback: if !isCreate { ... }).
	if pfi, vals := fi.captured(v); len(vals) == 1 {
		return pfi.foundnessDepth(vals[0], b, depth+1)
	}
	return nil, false, false
}

// andFound returns the access whose found-flag the phi x is the
// conjunction of with some other test: has && osx.IsDir(path), false when
// the row was not found, the other test's value only when it was. True
// then still means "found", and the row's absence still makes it false,
// which is what a branch deciding an insert on it needs.
//
//	has, err := e.Get(&Repository{OwnerID: u.ID, LowerName: name})
//	return has && osx.IsDir(RepoPath(u.Name, name)), err
func (fi *FuncInfo) andFound(x *ssa.Phi, phis *map[*ssa.Phi]*Access) *Access {
	if len(x.Edges) != 2 || len(x.Block().Preds) != 2 || !isBoolType(x.Type()) {
		return nil
	}
	for i, e := range x.Edges {
		c, ok := unwrap(e).(*ssa.Const)
		if !ok || c.Value == nil || c.Value.ExactString() != "false" {
			continue
		}
		test, ok := x.Block().Preds[i].Instrs[len(x.Block().Preds[i].Instrs)-1].(*ssa.If)
		if !ok || len(test.Block().Succs) != 2 || test.Block().Succs[1] != x.Block() {
			return nil
		}
		other := x.Block().Preds[1-i]
		if !test.Block().Succs[0].Dominates(other) {
			return nil
		}
		a := fi.signalWalk(test.Cond, phis)
		if a == nil || a.Found.Signal != SignalBool || a.Found.Negated {
			return nil
		}
		return a
	}
	return nil
}

// captured returns, for a value of a closure fn that fn's maker bound to
// it, the FuncInfo of the maker and the values the maker gave it: the
// value bound to a free variable, or, for a load of a captured variable
// (bound by address), every value the maker stored into the variable
// before making the closure. A decision the maker made and the closure
// acts on (the row looked up on the pool, tested inside a transaction
// callback) is then the maker's:
//
//	u, err := models.FindByEmail(db, email)   // the maker's lookup
//	db.Transaction(func(tx *pop.Connection) error {
//		if u != nil { return ErrExists }       // tests the captured row
//		return tx.Create(newUser)
//	})
//
// Stores the closure (or a later statement) makes are not the maker's
// decision. The maker's FuncInfo is there once the maker is analyzed
// (closures are analyzed first), so this answers for checkers, not while
// the closure's own model is being built.
func (fi *FuncInfo) captured(v ssa.Value) (*FuncInfo, []ssa.Value) {
	if fi == nil || fi.b == nil || fi.Fn.Parent() == nil {
		return nil, nil
	}
	pfi := fi.b.infos[fi.Fn.Parent()]
	if pfi == nil {
		return nil, nil
	}
	switch x := unwrap(v).(type) {
	case *ssa.FreeVar:
		bound := ssautil.ClosureBinding(x)
		if bound == nil {
			return nil, nil
		}
		if _, byAddr := bound.(*ssa.Alloc); byAddr {
			return nil, nil
		}
		return pfi, []ssa.Value{bound}
	case *ssa.UnOp:
		fv, ok := x.X.(*ssa.FreeVar)
		if x.Op != token.MUL || !ok {
			return nil, nil
		}
		alloc, ok := ssautil.ClosureBinding(fv).(*ssa.Alloc)
		if !ok || alloc.Referrers() == nil {
			return nil, nil
		}
		mc := closureOf(fi.Fn.Parent(), fi.Fn)
		if mc == nil || storedBefore(fv, x) {
			return nil, nil
		}
		var vals []ssa.Value
		for _, ref := range *alloc.Referrers() {
			st, ok := ref.(*ssa.Store)
			if !ok || st.Addr != ssa.Value(alloc) || st.Parent() != fi.Fn.Parent() || !ssautil.Before(st, mc) {
				continue
			}
			vals = append(vals, st.Val)
		}
		return pfi, vals
	}
	return nil, nil
}

// reachingNil returns the access whose nil row a load of a local variable
// holds, when every store into the variable that may reach the load is
// that row: the variable a closure captures is assigned again later (u =
// newUser(...) once the lookup found none), yet at the test it is the
// lookup's row.
//
//	u, err := findUser(db, email)
//	isCreate := u == nil          // the lookup's outcome
//	if isCreate { u = newUser(email) }
func (fi *FuncInfo) reachingNil(v ssa.Value) *Access {
	ld, ok := unwrap(v).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	alloc, ok := ld.X.(*ssa.Alloc)
	if !ok || alloc.Referrers() == nil {
		return nil
	}
	var found *Access
	for _, ref := range *alloc.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Addr != ssa.Value(alloc) || !mayReach(st, ld) {
			continue
		}
		a := fi.nils[unwrap(st.Val)]
		if a == nil || found != nil && found != a {
			return nil
		}
		found = a
	}
	return found
}

// mayReach reports whether the instruction from may run before to in one
// run of their function.
func mayReach(from, to ssa.Instruction) bool {
	if from.Block() == to.Block() && ssautil.Index(from) < ssautil.Index(to) {
		return true
	}
	for _, succ := range from.Block().Succs {
		if ssautil.Reachable(succ, to.Block()) {
			return true
		}
	}
	return false
}

// storedBefore reports whether the closure may store into the captured
// variable fv before the load ld: acc, err = create(tx, acc) makes err
// the callee's, not the maker's.
func storedBefore(fv *ssa.FreeVar, ld ssa.Instruction) bool {
	if fv.Referrers() == nil {
		return false
	}
	for _, ref := range *fv.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Addr != ssa.Value(fv) {
			continue
		}
		if mayReach(st, ld) {
			return true
		}
	}
	return false
}

// capturedAccess returns the maker's access whose found-signal (or nil
// row, when nils is set) every value captured v stands for carries.
func (fi *FuncInfo) capturedAccess(v ssa.Value, nils bool) *Access {
	pfi, vals := fi.captured(v)
	var found *Access
	for _, cv := range vals {
		var a *Access
		if nils {
			a = pfi.nils[unwrap(cv)]
		} else {
			a = pfi.signalOf(cv)
		}
		if a == nil || found != nil && found != a {
			return nil
		}
		found = a
	}
	return found
}

// isNotFoundSentinel reports whether the global named name means "no row"
// for access a.
func isNotFoundSentinel(a *Access, name string) bool {
	if name == "" {
		return false
	}
	for _, s := range a.Found.Sentinels {
		if s == name {
			return true
		}
		if s == anyNotFound && (strings.Contains(name, "NotFound") || strings.Contains(name, "NoRows")) {
			return true
		}
	}
	return apis.NotFoundErrors[name]
}

// compare reads a comparison of a found-signal with nil, a sentinel or a
// number.
// zeroKey reads a test of a key a single-row read scanned into a local
// struct against its zero value as the read's outcome, when the read's
// "no rows" is an error the function may let pass: no row leaves the key
// at zero, and a row that exists never has it so (nonZeroWhenFound).
//
//	var tag Tag
//	err := tx.GetContext(ctx, &tag, `SELECT id, name FROM tag WHERE name = ?`, name)
//	if err != nil && !errors.Is(err, sql.ErrNoRows) { return err }
//	if tag.ID == 0 { ... insert ... }   // not found
func (fi *FuncInfo) zeroKey(x *ssa.BinOp, l, r ssa.Value, op token.Token) (*Access, bool, bool) {
	if op != token.EQL && op != token.NEQ {
		return nil, false, false
	}
	if c, ok := l.(*ssa.Const); ok {
		l, r = r, c
	}
	c, ok := r.(*ssa.Const)
	if !ok || c.Value == nil || !isZeroConst(c) {
		return nil, false, false
	}
	ref := refOf(l)
	al, ok := unwrap(ref.Root).(*ssa.Alloc)
	if !ok || ref.Path == "" || !fieldsOnlyScanned(al) {
		return nil, false, false
	}
	for _, a := range fi.Accesses {
		if a.Kind != KindRead || a.Found.Signal != SignalErr || a.Count || a.Exists || a.Call.Block() == nil || !a.Call.Block().Dominates(x.Block()) {
			continue
		}
		if !noRowsSentinel(a) {
			continue
		}
		for _, cr := range a.Reads {
			if unwrap(cr.Dest.Root) == al && cr.Dest.Path == ref.Path && nonZeroWhenFound(cr.Column) {
				return a, op == token.NEQ, true
			}
		}
	}
	return nil, false, false
}

func (fi *FuncInfo) compare(x *ssa.BinOp) (*Access, bool, bool) {
	l, r := unwrap(x.X), unwrap(x.Y)
	op := x.Op
	// A pointer result that is nil when nothing was found (alongside the
	// error that says so).
	if isNil(l) {
		l, r = r, l
	}
	if a := fi.nils[l]; a != nil && isNil(r) && (op == token.EQL || op == token.NEQ) {
		return a, op == token.NEQ, true
	}
	if isNil(r) && (op == token.EQL || op == token.NEQ) {
		if a := fi.capturedAccess(l, true); a != nil {
			return a, op == token.NEQ, true
		}
		if a := fi.reachingNil(l); a != nil {
			return a, op == token.NEQ, true
		}
	}
	// Put the signal on the left.
	if fi.signalOf(l) == nil && fi.signalOf(r) != nil {
		l, r = r, l
		op = mirror(op)
	}
	a := fi.signalOf(l)
	if a == nil {
		return fi.zeroKey(x, l, r, op)
	}
	switch a.Found.Signal {
	case SignalErr:
		if op != token.EQL && op != token.NEQ {
			return nil, false, false
		}
		if isNil(r) {
			// err == nil: true when found.
			return a, op == token.EQL, true
		}
		if isNotFoundSentinel(a, globalName(r)) {
			return a, op == token.NEQ, true
		}
	case SignalNil:
		if isNil(r) && (op == token.EQL || op == token.NEQ) {
			return a, op == token.NEQ, true
		}
	case SignalRefuse:
		// err != nil: the check refused (the row exists, or the lookup
		// failed); err == nil only when no row matched.
		if isNil(r) && (op == token.EQL || op == token.NEQ) {
			return a, op == token.NEQ, true
		}
	case SignalBool:
		if c, ok := r.(*ssa.Const); ok && c.Value != nil && (op == token.EQL || op == token.NEQ) {
			isTrue := c.Value.ExactString() == "true"
			found := isTrue == (op == token.EQL)
			if a.Found.Negated {
				found = !found
			}
			return a, found, true
		}
	case SignalCount, SignalLen:
		if isNil(r) && a.Found.Signal == SignalLen && (op == token.EQL || op == token.NEQ) {
			return a, op == token.NEQ, true
		}
		c, ok := r.(*ssa.Const)
		if !ok || c.Value == nil {
			return nil, false, false
		}
		n := c.Value.ExactString()
		if c.Value.Kind() == constant.String {
			// A key scanned as a string (zeroScanned): "" when nothing was found.
			if constant.StringVal(c.Value) != "" || (op != token.EQL && op != token.NEQ) {
				return nil, false, false
			}
			return a, op == token.NEQ, true
		}
		switch {
		case n == "0" && op == token.EQL, n == "0" && op == token.LEQ, n == "1" && op == token.LSS:
			return a, false, true
		case n == "0" && op == token.NEQ, n == "0" && op == token.GTR, n == "1" && op == token.GEQ:
			return a, true, true
		case n == "1" && op == token.EQL && a.Kind == KindRead:
			// RowsAffected == 1 of a lookup: exactly the row looked for;
			// otherwise, for a lookup by key, none.
			return a, true, true
		case n == "1" && op == token.NEQ && a.Kind == KindRead:
			return a, false, true
		}
	}
	return nil, false, false
}

func mirror(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// checkRows decides whether the affected-row count of a write is examined:
// compared or branched on here, or returned to callers.
func (b *builder) checkRows(fi *FuncInfo, a *Access) {
	if !a.Kind.IsWrite() || a.RowsChecked {
		return
	}
	for _, obj := range a.ResultObjs {
		if obj.Referrers() == nil {
			continue
		}
		for _, r := range *obj.Referrers() {
			if ret, ok := r.(*ssa.Return); ok {
				for i, res := range ret.Results {
					if res == obj {
						a.ResultReturned = i
					}
				}
			}
		}
	}
	// The result object handed to a helper that examines its count:
	// mustAffectOne(res), sqlutil.CheckOne(db.ExecContext(...)).
	for _, obj := range a.ResultObjs {
		if b.givenToRowsTest(obj) {
			a.RowsChecked = true
		}
	}
	for _, v := range a.RowsAffected {
		switch use, idx := b.examined(v, map[ssa.Value]bool{}); use {
		case useCompared:
			a.RowsChecked = true
		case useReturned:
			a.RowsReturned = idx
		}
	}
	// UPDATE ... RETURNING read through a row: no row is ErrNoRows, so
	// testing the error examines the outcome.
	if a.Stmt != nil && len(a.Stmt.Returning) > 0 {
		for _, e := range a.Err {
			if b.errTested(e, map[ssa.Value]bool{}) {
				a.RowsChecked = true
			}
		}
	}
}

// rowsTested reports whether the parameter p is a result object whose
// affected-row count the function compares or branches on:
//
//	func mustAffectOne(res sql.Result) error {
//		if n, _ := res.RowsAffected(); n != 1 { return ErrConflict }
//		...
func (b *builder) rowsTested(p *ssa.Parameter) bool {
	if _, ok := p.Type().Underlying().(*types.Basic); ok {
		return false // a count itself is examinedByCall's
	}
	for _, v := range rowsAffectedOf(p) {
		if use, _ := b.examined(v, map[ssa.Value]bool{}); use == useCompared {
			return true
		}
	}
	return false
}

// givenToRowsTest reports whether the result object obj is passed to a
// function whose summary says it examines that parameter's count.
func (b *builder) givenToRowsTest(obj ssa.Value) bool {
	if obj.Referrers() == nil {
		return false
	}
	for _, r := range *obj.Referrers() {
		call, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		callee := call.Common().StaticCallee()
		if callee == nil {
			continue
		}
		sum := b.summaryOf(callee)
		if sum == nil {
			continue
		}
		for i, arg := range ssautil.FullArgs(call.Common()) {
			if arg != obj {
				continue
			}
			for _, p := range sum.RowsParams {
				if p == i {
					return true
				}
			}
		}
	}
	return false
}

// errTested reports whether an error is compared, branched on, given to
// errors.Is/As, or returned: a RETURNING update's "no row" reaches code
// that acts on it.
func (b *builder) errTested(e ssa.Value, seen map[ssa.Value]bool) bool {
	if e.Referrers() == nil || seen[e] {
		return false
	}
	seen[e] = true
	b.spend()
	for _, r := range *e.Referrers() {
		switch x := r.(type) {
		case *ssa.BinOp, *ssa.If, *ssa.Return:
			return true
		case ssa.CallInstruction:
			switch analysisutil.FuncName(x.Common()) {
			case "errors.Is", "errors.As":
				return true
			}
		case *ssa.Phi:
			if b.errTested(x, seen) {
				return true
			}
		}
	}
	return false
}

type use uint8

const (
	useNone use = iota
	useCompared
	useReturned
)

// examined reports how a value is used: compared or branched on, or
// returned (with the result index). seen holds the values visited.
func (b *builder) examined(v ssa.Value, seen map[ssa.Value]bool) (use, int) {
	if v.Referrers() == nil || seen[v] {
		return useNone, -1
	}
	seen[v] = true
	b.spend()
	best, idx := useNone, -1
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.BinOp:
			switch x.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				return useCompared, -1
			}
			if u, i := b.examined(x, seen); u != useNone {
				best, idx = u, i
			}
		case *ssa.If:
			return useCompared, -1
		case *ssa.Return:
			for i, res := range x.Results {
				if res == v {
					best, idx = useReturned, i
				}
			}
		case *ssa.Phi, *ssa.Convert, *ssa.ChangeType:
			if u, i := b.examined(x.(ssa.Value), seen); u == useCompared {
				return u, i
			} else if u == useReturned {
				best, idx = u, i
			}
		case *ssa.Store:
			// A count stored into a variable and loaded back.
			if a, ok := x.Addr.(*ssa.Alloc); ok && x.Val == v {
				for _, rr := range *a.Referrers() {
					if ld, ok := rr.(*ssa.UnOp); ok && ld.Op == token.MUL {
						if u, i := b.examined(ld, seen); u == useCompared {
							return u, i
						} else if u == useReturned {
							best, idx = u, i
						}
					}
				}
			}
		case *ssa.MakeInterface:
			// Passed to a function: assert.Equal(t, 1, n), a
			// require-one-row helper; formatting it is not examining it,
			// so only count calls that are not fmt/log.
			if u, i := examinedByCall(x); u != useNone {
				return u, i
			}
		case ssa.CallInstruction:
			if u, i := examinedByCall(v); u != useNone {
				return u, i
			}
		}
	}
	return best, idx
}

// examinedByCall treats passing a count to a function other than a
// formatter or logger as examining it (a helper that checks "one row").
func examinedByCall(v ssa.Value) (use, int) {
	for _, r := range *v.Referrers() {
		call, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		f := analysisutil.CalleeFunc(call.Common())
		if f == nil || f.Pkg() == nil || isReporting(f) {
			continue
		}
		return useCompared, -1
	}
	return useNone, -1
}

// isReporting reports a function that formats, logs or builds an error:
// passing a value to it does not act on the value.
func isReporting(f *types.Func) bool {
	if f.Pkg() == nil {
		return false
	}
	path := f.Pkg().Path()
	switch path {
	case "fmt", "log", "log/slog", "errors":
		return true
	}
	if strings.Contains(path, "zap") || strings.Contains(path, "logrus") || strings.Contains(path, "zerolog") || strings.HasSuffix(path, "/log") || strings.HasSuffix(path, "/logger") || strings.HasSuffix(path, "/logging") {
		return true
	}
	return false
}

// LastAct reports whether the access is the last thing its function does:
// the function returns nothing, and after the access only logging and
// error formatting run, on every path. A conditional update there
// ("revert the task to pending if it is still running", at shutdown) has
// nobody to tell and nothing to do when 0 rows match.
func (r *Result) LastAct(a *Access) bool {
	if r == nil || a == nil || a.Fn == nil || a.Call == nil || a.Call.Block() == nil {
		return false
	}
	if a.Fn.Signature.Results().Len() != 0 {
		return false
	}
	start := a.Call.Block()
	seen := map[*ssa.BasicBlock]bool{}
	var walk func(b *ssa.BasicBlock, from int) bool
	walk = func(b *ssa.BasicBlock, from int) bool {
		for _, instr := range b.Instrs[from:] {
			switch x := instr.(type) {
			case *ssa.Go, *ssa.Defer, *ssa.Send:
				return false
			case ssa.CallInstruction:
				if x == a.Call {
					continue
				}
				common := x.Common()
				if _, builtin := common.Value.(*ssa.Builtin); builtin {
					continue
				}
				if f := analysisutil.CalleeFunc(common); f != nil && isReporting(f) {
					continue
				}
				if common.IsInvoke() && reportingMethod(common.Method.Name()) {
					continue
				}
				if f := analysisutil.CalleeFunc(common); f != nil && reportingMethod(f.Name()) {
					continue
				}
				return false
			}
		}
		for _, succ := range b.Succs {
			if seen[succ] {
				continue
			}
			seen[succ] = true
			if !walk(succ, 0) {
				return false
			}
		}
		return true
	}
	return walk(start, ssautil.Index(a.Call)+1)
}

// reportingMethod reports the method names of loggers and errors.
func reportingMethod(name string) bool {
	switch name {
	case "Error", "Errorf", "Warn", "Warnf", "Warning", "Info", "Infof", "Debug", "Debugf", "Print", "Printf", "Println", "Log", "Msg", "Msgf", "Err", "Str":
		return true
	}
	return false
}

// checkUnique decides whether the failure of a write is tested for a unique
// violation.
func (b *builder) checkUnique(fi *FuncInfo, a *Access) {
	if a.Kind != KindInsert || a.UniqueHandled {
		return
	}
	for _, e := range a.Err {
		if b.uniqueTested(e, 0, map[ssa.Value]bool{}) {
			a.UniqueHandled = true
			return
		}
	}
	if rereadOnFailure(fi, a) {
		a.UniqueHandled = true
	}
}

// rereadOnFailure reports an insert whose failure leads to a lookup of the
// row it meant to insert: a get-or-create whose loser reads the winner's
// row.
//
//	if err := db.FirstOrCreate(d, *d).Error; err != nil {
//		return d.ID, db.First(d, *d).Error   // the row made meanwhile
//	}
//
// The lookup must run only on the error side and look the row up by the
// insert's key: each of its key columns bound to the value the insert (or
// the insert's own check, for FirstOrCreate) binds to it.
func rereadOnFailure(fi *FuncInfo, a *Access) bool {
	for _, e := range a.Err {
		if e.Referrers() == nil {
			continue
		}
		for _, r := range *e.Referrers() {
			cmp, ok := r.(*ssa.BinOp)
			if !ok || cmp.Op != token.NEQ && cmp.Op != token.EQL || !isNil(cmp.X) && !isNil(cmp.Y) || cmp.Referrers() == nil {
				continue
			}
			for _, rr := range *cmp.Referrers() {
				ifi, ok := rr.(*ssa.If)
				if !ok {
					continue
				}
				failed := ifi.Block().Succs[0]
				if cmp.Op == token.EQL {
					failed = ifi.Block().Succs[1]
				}
				if len(failed.Preds) != 1 {
					continue
				}
				live := liveFrom(failed)
				for _, x := range fi.Accesses {
					if x == a || x == a.CheckedBy || x.Kind != KindRead || x.Table != a.Table || x.Call == nil || x.Call.Block() == nil {
						continue
					}
					if failed.Dominates(x.Call.Block()) && live[x.Call.Block()] && looksUpInserted(x, a) {
						return true
					}
				}
			}
		}
	}
	return false
}

// liveFrom returns the blocks reachable from start, leaving out the side
// of a branch its condition never takes (neverTrue):
//
//	var me *mysql.MySQLError
//	if ok := errors.Is(err, me); !ok || me.Number != 1062 {
//		return 0, err // on every path
//	}
//	... the re-read here never runs
func liveFrom(start *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	live := map[*ssa.BasicBlock]bool{start: true}
	work := []*ssa.BasicBlock{start}
	for len(work) > 0 {
		blk := work[len(work)-1]
		work = work[:len(work)-1]
		succs := blk.Succs
		if ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If); ok && len(succs) == 2 {
			switch {
			case neverTrue(ifi.Cond, 0):
				succs = succs[1:]
			case neverTrue(negation(ifi.Cond), 0):
				succs = succs[:1]
			}
		}
		for _, s := range succs {
			if !live[s] {
				live[s] = true
				work = append(work, s)
			}
		}
	}
	return live
}

// negation returns x for !x, nil otherwise.
func negation(v ssa.Value) ssa.Value {
	if n, ok := v.(*ssa.UnOp); ok && n.Op == token.NOT {
		return n.X
	}
	return nil
}

// neverTrue reports a condition that cannot hold: errors.Is(err, target)
// whose target is a nil pointer of a concrete type (the zero value of a
// variable nothing assigned). No error of a chain is that nil pointer, and
// an Is method given it has no code to compare, so the test never says
// yes (a driver's Is that dereferences it panics instead). Its negation
// negated counts too (&& and || are branches of their own in SSA).
func neverTrue(v ssa.Value, depth int) bool {
	if v == nil || depth > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.NOT {
			if inner := negation(x.X); inner != nil {
				return neverTrue(inner, depth+1)
			}
		}
	case *ssa.Call:
		common := x.Common()
		if analysisutil.FuncName(common) != "errors.Is" || len(common.Args) != 2 {
			return false
		}
		mi, ok := common.Args[1].(*ssa.MakeInterface)
		if !ok {
			return false
		}
		_, ptr := mi.X.Type().Underlying().(*types.Pointer)
		return ptr && isNil(mi.X)
	}
	return false
}

// looksUpInserted reports whether the read x names the row the insert a
// writes: every key column of x is bound, in a's SET or in the WHERE of
// a's own check, to the same Go value.
func looksUpInserted(x, a *Access) bool {
	keys := x.KeyColumns()
	if len(keys) == 0 {
		return false
	}
	for _, k := range keys {
		xb, _ := x.WhereColumn(k)
		if xb.Value.IsZero() {
			return false
		}
		same := false
		if s, ok := a.SetColumn(k); ok && s.Value.Same(xb.Value) {
			same = true
		}
		if a.CheckedBy != nil {
			if w, ok := a.CheckedBy.WhereColumn(k); ok && w.Value.Same(xb.Value) {
				same = true
			}
		}
		if !same {
			return false
		}
	}
	return true
}

// uniqueTested reports whether the error v flows into a unique-violation
// test:
//
//	errors.Is(err, gorm.ErrDuplicatedKey)
//	errors.As(err, &pgErr) (with *pgconn.PgError, *pq.Error, *mysql.MySQLError, sqlite errors)
//	err.(*pq.Error), switch e := err.(type) { case *pgconn.PgError: ... }
//	isUniqueViolation(err), a helper whose summary says it tests for one
//	strings.Contains(err.Error(), "duplicate key")
func (b *builder) uniqueTested(v ssa.Value, depth int, seen map[ssa.Value]bool) bool {
	if depth > 8 || seen[v] || v.Referrers() == nil {
		return false
	}
	seen[v] = true
	b.spend()
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.MakeInterface:
			if b.uniqueTested(x, depth+1, seen) {
				return true
			}
		case *ssa.ChangeInterface:
			if b.uniqueTested(x, depth+1, seen) {
				return true
			}
		case *ssa.Phi:
			if b.uniqueTested(x, depth+1, seen) {
				return true
			}
		case *ssa.Store:
			// err stored in a named result or a variable and loaded back.
			if x.Val == v {
				if refs := x.Addr.Referrers(); refs != nil {
					for _, rr := range *refs {
						if ld, ok := rr.(*ssa.UnOp); ok && ld.Op == token.MUL && b.uniqueTested(ld, depth+1, seen) {
							return true
						}
					}
				}
			}
		case *ssa.TypeAssert:
			if isDriverError(x.AssertedType) {
				return true
			}
		case *ssa.BinOp:
			// err == gorm.ErrDuplicatedKey, myerr != my.ErrDupeKey
			if (x.Op == token.EQL || x.Op == token.NEQ) && (apis.UniqueViolationErrors[globalName(x.X)] || apis.UniqueViolationErrors[globalName(x.Y)]) {
				return true
			}
		case ssa.CallInstruction:
			if b.uniqueCall(x, v, depth, seen) {
				return true
			}
		}
	}
	return false
}

func (b *builder) uniqueCall(call ssa.CallInstruction, v ssa.Value, depth int, seen map[ssa.Value]bool) bool {
	common := call.Common()
	name := analysisutil.FuncName(common)
	switch name {
	case "errors.Is":
		if len(common.Args) == 2 && apis.UniqueViolationErrors[globalName(common.Args[1])] {
			return true
		}
		return false
	case "errors.As":
		if len(common.Args) == 2 {
			if p, ok := unwrap(common.Args[1]).Type().Underlying().(*types.Pointer); ok && isDriverError(p.Elem()) {
				return true
			}
		}
		return false
	case "os.IsExist":
		return true
	}
	if apis.UniqueViolationPredicates[name] {
		return true // if zdb.ErrUnique(err)
	}
	if i, ok := apis.ErrorMappers[name]; ok {
		// The library's own sentinel for the error, tested in turn.
		if c, ok := call.(*ssa.Call); ok && c.Referrers() != nil {
			for _, r := range *c.Referrers() {
				if ex, ok := r.(*ssa.Extract); ok && ex.Index == i && b.uniqueTested(ex, depth+1, seen) {
					return true
				}
			}
		}
		return false
	}
	if isEntFunc(common, apis.EntIsConstraintError) {
		// ent's ConstraintError: a unique (or other) constraint rejected
		// the write.
		return true
	}
	switch name {
	case "fmt.Errorf":
		if cv := call.Value(); cv != nil {
			return b.uniqueTested(cv, depth+1, seen)
		}
		return false
	}
	if common.IsInvoke() && common.Method.Name() == "Error" {
		if cv := call.Value(); cv != nil {
			return mentionsUnique(cv, 0)
		}
	}
	// A call given the error and a unique-violation code: pq.As(err,
	// pqerror.UniqueViolation), hasCode(err, "23505").
	for _, arg := range common.Args {
		vals := []ssa.Value{arg}
		if more, ok := variadicArgs(arg); ok {
			vals = more
		}
		for _, v := range vals {
			if c, ok := unwrap(v).(*ssa.Const); ok && c.Value != nil && isUniqueCode(c) {
				return true
			}
			if apis.UniqueViolationCodeVars[globalName(v)] {
				return true
			}
		}
	}
	if callee := common.StaticCallee(); callee != nil {
		if sum := b.summaryOf(callee); sum != nil {
			for i, arg := range ssautil.FullArgs(common) {
				if unwrap(arg) != unwrap(v) && arg != v {
					continue
				}
				for _, p := range sum.UniqueParams {
					if p == i {
						return true
					}
				}
			}
		}
	}
	return false
}

// isUniqueCode reports a constant that is a unique-violation code of some
// driver ("23505", "unique_violation", 1062, 2067).
func isUniqueCode(c *ssa.Const) bool {
	text := c.Value.ExactString()
	if c.Value.Kind() == constant.String {
		text = constant.StringVal(c.Value)
	}
	for _, d := range apis.DriverErrors {
		for _, u := range d.Unique {
			if text == u {
				return true
			}
		}
	}
	return false
}

// mentionsUnique reports whether the string s (err.Error()) is searched for
// a unique-violation word.
func mentionsUnique(s ssa.Value, depth int) bool {
	if depth > 3 || s.Referrers() == nil {
		return false
	}
	for _, r := range *s.Referrers() {
		call, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		name := analysisutil.FuncName(call.Common())
		switch name {
		case "strings.ToLower", "strings.ToUpper":
			if call.Value() != nil && mentionsUnique(call.Value(), depth+1) {
				return true
			}
		case "strings.Contains", "strings.HasPrefix", "strings.Index", "strings.EqualFold":
			for _, arg := range call.Common().Args {
				if word, ok := constString(arg); ok {
					lw := strings.ToLower(word)
					for _, w := range apis.UniqueViolationWords {
						if strings.Contains(lw, w) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// isDriverError reports whether t (or *t) is a driver error type that
// carries a unique-violation code.
func isDriverError(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	name := typeName(t)
	for _, d := range apis.DriverErrors {
		if d.Type == name {
			return true
		}
	}
	return false
}

// lastStoreBefore returns the last store into the local slot made in the
// block of use before it, or nil.
func lastStoreBefore(slot *ssa.Alloc, use ssa.Instruction) *ssa.Store {
	blk := use.Block()
	if blk == nil {
		return nil
	}
	var last *ssa.Store
	for _, instr := range blk.Instrs {
		if instr == use {
			return last
		}
		if st, ok := instr.(*ssa.Store); ok && st.Addr == slot {
			last = st
		}
	}
	return nil
}
