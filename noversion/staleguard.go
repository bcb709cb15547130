package noversion

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/entry"
	"github.com/idemvet/idemvet/passes/netcall"
	"github.com/idemvet/idemvet/passes/sqltext"
	"github.com/idemvet/idemvet/passes/txscope"
)

// checkStaleGuard reports an update decided by a check in Go of a column it
// changes, whose WHERE does not re-state the check, with nothing holding
// the row: two requests both pass the check and both write (the ride
// accepted twice, the balance overdrawn by an atomic decrement). It returns
// one diagnostic per check that decides the write, the most telling first,
// so that a caller reporting one finding per check can still report a write
// on its second check when its first was reported for an earlier write.
func checkStaleGuard(pass *analysis.Pass, db *dbcall.Result, nc *netcall.Result, txs *txscope.Result, ent *entry.Result, a *dbcall.Access) []analysis.Diagnostic {
	if a.Kind != dbcall.KindUpdate {
		return nil
	}
	guards := db.Guards(a)
	// Comparisons first: they say what the WHERE should carry; an
	// equality first among them (the case of a switch on the state that
	// leads to the write says more than the cases that return before it).
	rank := func(g dbcall.Guard) int {
		switch g.Op {
		case token.EQL:
			return 0
		case token.ILLEGAL:
			return 2
		}
		return 1
	}
	sort.SliceStable(guards, func(i, j int) bool { return rank(guards[i]) < rank(guards[j]) })
	var ds []analysis.Diagnostic
	for _, g := range guards {
		if g.Op == token.ILLEGAL {
			continue // a condition computed from the column (a throttle on last_used, a helper): too varied to read
		}
		set, ok := a.SetColumn(g.Column)
		if !ok {
			continue // an ownership or existence check of a column the write leaves alone
		}
		if !changedByAny(db, a.Table, g.Column) {
			continue // an owner checked, then written back as read: no code path changes the column, so the check cannot go stale
		}
		if rechecks(a, g.Column) {
			continue // the WHERE re-states it (noversion checks that 0 rows is noticed)
		}
		if checkedByCallee(db, a, g) {
			continue // the called function reads the column again and checks it before it writes: its check decides, judged where it is made
		}
		if derivedFrom(db, a, set, g) {
			continue // SET c = <c read, recomputed>: a lost update, lostupdate's finding
		}
		if keepsValue(g, set) {
			continue // "driver cannot be changed": the write sets the value the check required, the column does not move
		}
		if idempotentSkip(db, a, g, set) && !effectAfter(db, g, a) && !effectBetween(db, g, a) && !actsOnCheck(db, nc, g, a) {
			continue // "already in that state, nothing to do": the write repeats itself and nothing else is done on the check's word
		}
		if idempotentSkip(db, a, g, set) && unchangedEdit(db, ent, a, g) {
			continue // "the content is the same, ignore it": only the same request sent twice gets past it twice
		}
		if a.Converges() && !actsOnCheck(db, nc, g, a) {
			continue // "activate if not active": every racer writes the same constants, and nothing else is done on the check's word
		}
		if db.Recomputes(a) && !actsOnCheck(db, nc, g, a) {
			continue // "heal the positions if they got too close": a repair re-reads the rows and rewrites them alike for every racer
		}
		if rowHeld(db, txs, g.Read, a) || advisoryBefore(db, g.Read) || db.Serialized(g.Read, a) {
			continue
		}
		ds = append(ds, staleGuardDiagnostic(pass, db, a, g))
	}
	return ds
}

// changedByAny reports a column some code path in view changes: an update
// setting it to a value of its own (this write included), not one writing
// it back as a read of the row found it (dbcall.Writers). A check of a
// column nothing changes, the ticket's owner before a message is appended
// to it and the whole row written back, holds for as long as the row does.
func changedByAny(db *dbcall.Result, table, col string) bool {
	for _, w := range db.Writers(table) {
		if contains(w.Columns, col) {
			return true
		}
	}
	return false
}

// checkedByCallee reports a write made by a called function that, in the
// same call, reads the checked column of the table again and branches on
// it (dbcall.Access.CalleeChecks): a control plane's RPC handler behind a
// client (the API answers early for a verified domain, and the service
// it calls loads the domain and checks it itself), a service method that
// re-validates what its caller validated. The caller's check is then not
// the one that decides the write; the callee's is, judged in the callee
// against the read it makes. A callee that loads the row again and writes
// it back without testing the column leaves the caller's check deciding.
// The callee's read may be inferred from a method's name (a querier
// interface whose implementation is not in view): the branch on its
// column is in view, and a wrong inference only costs a finding.
func checkedByCallee(db *dbcall.Result, a *dbcall.Access, g dbcall.Guard) bool {
	if a.Via == nil || a.Call == nil || g.Read == nil || g.Read.Call == a.Call {
		return false
	}
	fi := db.Func(a.Fn)
	if fi == nil {
		return false
	}
	for _, rd := range fi.Accesses {
		if rd.Call == a.Call && rd != a && rd.Kind == dbcall.KindRead && rd.Table == a.Table && contains(rd.CalleeChecks, g.Column) {
			return true
		}
	}
	return false
}

// rechecks reports a WHERE condition on col, on every path to the
// statement or on some (the cap added when the coupon has one: the check
// it re-states is made on those paths alone).
func rechecks(a *dbcall.Access, col string) bool {
	for _, w := range a.Where {
		if w.Column == col {
			return true
		}
	}
	return contains(a.Rechecks, col)
}

// derivedFrom reports a SET value computed in Go from the column the guard
// checked.
func derivedFrom(db *dbcall.Result, a *dbcall.Access, set dbcall.Binding, g dbcall.Guard) bool {
	if set.Value.IsZero() {
		return false
	}
	for _, src := range db.Sources(a.Fn, set.Value) {
		if src.Read == g.Read && src.Column == g.Column {
			return true
		}
	}
	return false
}

// keepsValue reports a guard requiring the column to equal the value the
// update writes to it: "if old.Role != req.Role { return ErrImmutable }"
// before a write of req.Role. The column does not change, so there is no
// race on it.
func keepsValue(g dbcall.Guard, set dbcall.Binding) bool {
	if g.Op != token.EQL || g.Other == nil {
		return false
	}
	if !set.Value.IsZero() && dbcall.RefOf(g.Other).Same(set.Value) {
		return true
	}
	// The same constant: "if t.Status != 'open' { return ErrClosed }"
	// before SET status = 'open', title = $1 (a form that re-states the
	// state it requires).
	return sameConst(g.Other, set)
}

// sameConst reports a constant operand equal to the constant set writes
// (in the SQL, or bound as a Go constant).
func sameConst(other ssa.Value, set dbcall.Binding) bool {
	c, ok := ssautil.Unwrap(other).(*ssa.Const)
	if !ok {
		return false
	}
	if c.Value == nil {
		// "if m.DeletedAt != nil" before SET deleted_at = NULL.
		return c.IsNil() && strings.EqualFold(set.Const, "NULL")
	}
	want := constText(c)
	switch {
	case set.Const != "":
		return strings.Trim(set.Const, `'"`) == want
	case !set.Value.IsZero():
		if sc, ok := ssautil.Unwrap(set.Value.Root).(*ssa.Const); ok && sc.Value != nil && set.Value.Path == "" {
			return constText(sc) == want
		}
	}
	return false
}

// idempotentSkip reports a guard that skips the write when the column
// already holds the value written: "if u.Plan == plan { return nil }"
// before SET plan = $1, "if o.Status == 'paid' { return }" before SET
// status = 'paid'. Two requests racing past it write the same value.
//
// The value may be a field, carried into the row written whole: "if
// org.Name != user.Login { org.Name = user.Login; save(org) }".

func idempotentSkip(db *dbcall.Result, a *dbcall.Access, g dbcall.Guard, set dbcall.Binding) bool {
	if g.Op == token.EQL && g.Other != nil {
		// "if m.IsClosed { reopen }": a flag required true before it is
		// set false is skipped when it is false already.
		c, ok := ssautil.Unwrap(g.Other).(*ssa.Const)
		if to, known := constOf(set.Value, set.Const); ok && known && c.Value != nil && c.Value.Kind() == constant.Bool {
			return (to == "true" || to == "false") && to != c.Value.ExactString()
		}
		return false
	}
	if g.Op != token.NEQ || g.Other == nil {
		return false
	}
	if set.Class == sqltext.AssignParam && !set.Value.IsZero() && ssautil.Unwrap(set.Value.Root) == ssautil.Unwrap(g.Other) && set.Value.Path == "" {
		return true
	}
	if set.Class == sqltext.AssignParam && !set.Value.IsZero() && (set.Value.Same(dbcall.RefOf(g.Other)) || db.SameValue(a.Fn, set.Value, dbcall.RefOf(g.Other))) {
		// t.SlugName = slug after "if t.SlugName == slug { return }"; the
		// check made on the literal written (d := Dash{Layout: string(b)};
		// if d.Layout == old.Layout { return }), the write binding the
		// value stored in it.
		return true
	}
	return sameConst(g.Other, set)
}

// unchangedEdit reports an idempotent skip whose value is a field of the
// request, in a function no at-least-once delivery calls: an edit's
// "nothing changed" shortcut.
//
//	if tag.SlugName == slug && tag.Text == req.Text { return nil } // the content is the same
//	tag.SlugName, tag.Text = slug, req.Text
//	repo.UpdateTag(ctx, tag)
//	revisions.Add(ctx, tag)                                        // the edit recorded
//
// Another writer can make the check stale only by writing the very value
// this request writes, that is, by being the same request sent twice: one
// that skipped still ends as if it had run first, and one that went on
// writes what it was asked to. A constant ("already paid") or a plain
// parameter (a caller's state constant) is every racer's value, and a
// delivery is sent twice by design: those stay idempotentSkip's, reported
// when work is done on the check's word.
func unchangedEdit(db *dbcall.Result, ent *entry.Result, a *dbcall.Access, g dbcall.Guard) bool {
	if g.Op != token.NEQ || g.Other == nil || ent.Delivery(a.Fn) != nil {
		return false
	}
	return db.RequestField(a.Fn, g.Other)
}

func constText(c *ssa.Const) string {
	if c.Value.Kind() == constant.String {
		return constant.StringVal(c.Value)
	}
	return c.Value.ExactString()
}

// effectAfter reports a write of another table after the update: the
// coupon marked used, then the redemption inserted. Two requests racing past
// a guard that skips "already used" both mark it and both redeem.
//
// A write the skipping side of the check reaches too is not counted
// (regardless).
func effectAfter(db *dbcall.Result, g dbcall.Guard, a *dbcall.Access) bool {
	pass, skip := sides(g, a)
	for _, x := range writesAfter(db, a, true) {
		if !regardless(g, pass, skip, x.Call.Block()) {
			return true
		}
	}
	return false
}

// sides returns the successors of the check's branch that lead to the
// write (pass) and that do not (skip), when the check is in the write's
// function and only one side leads to it.
func sides(g dbcall.Guard, a *dbcall.Access) (pass, skip *ssa.BasicBlock) {
	if g.If == nil || g.If.Block() == nil || g.If.Parent() != a.Fn || a.Call.Block() == nil {
		return nil, nil
	}
	succ := g.If.Block().Succs
	if len(succ) != 2 {
		return nil, nil
	}
	to0 := ssautil.Reachable(succ[0], a.Call.Block())
	to1 := ssautil.Reachable(succ[1], a.Call.Block())
	switch {
	case to0 && !to1:
		return succ[0], succ[1]
	case to1 && !to0:
		return succ[1], succ[0]
	}
	return nil, nil
}

// regardless reports a block the skipping side of the check reaches
// without passing the check again: work done there is done whatever the
// check said (the user's row saved after the org's name is synced or not),
// not on its word.
func regardless(g dbcall.Guard, pass, skip, b *ssa.BasicBlock) bool {
	return skip != nil && b != nil && ssautil.ReachableAvoiding(skip, b, g.If.Block(), pass)
}

// grantAfter returns an insert or update of another table after the
// delete: the work a consumed row grants (a session created, a member
// added, a password set). Deletes that follow are a cascade of cleanup (a
// user's folders, tags and tasks removed), not work granted twice.
func grantAfter(db *dbcall.Result, del *dbcall.Access) *dbcall.Access {
	return writeAfter(db, del, false)
}

// grantInTxBefore returns an insert of another table made between the
// lookup and the delete in the delete's transaction: tokens issued, then
// the authorization code destroyed, before one commit. The loser's delete
// matches 0 rows, and unless that count rolls the transaction back its
// grant commits too. Updates before a delete are left out: clearing the
// references to a row (UPDATE items SET folder_id = NULL) is how a delete
// begins, not work granted.
func grantInTxBefore(db *dbcall.Result, txs *txscope.Result, read, del *dbcall.Access) *dbcall.Access {
	tx := txs.Of(del)
	fi := db.Func(del.Fn)
	if tx == nil || fi == nil || read.Call == del.Call || read.Call.Block() == nil {
		return nil
	}
	for _, x := range fi.Accesses {
		if x.Kind != dbcall.KindInsert || x.Table == "" || x.Table == del.Table || x.Table == "file" || x.Call == del.Call || x.Call == read.Call || x.Call.Block() == nil || txs.Of(x) != tx {
			continue
		}
		if x.Fn != del.Fn || !ssautil.Before(x.Call, del.Call) {
			continue
		}
		if read.Fn != x.Fn || ssautil.Before(read.Call, x.Call) {
			return x // a read in the caller of the transaction's body came first
		}
	}
	return nil
}

func writeAfter(db *dbcall.Result, a *dbcall.Access, deletes bool) *dbcall.Access {
	if xs := writesAfter(db, a, deletes); len(xs) > 0 {
		return xs[0]
	}
	return nil
}

// writesAfter returns every write writeAfter would choose from, in the
// function's order.
func writesAfter(db *dbcall.Result, a *dbcall.Access, deletes bool) []*dbcall.Access {
	fi := db.Func(a.Fn)
	if fi == nil || a.Call.Block() == nil {
		return nil
	}
	var out []*dbcall.Access
	for _, x := range fi.Accesses {
		if x == a || !x.Kind.IsWrite() || x.Table == "" || x.Table == a.Table || x.Table == "file" || x.Call.Block() == nil {
			continue
		}
		if !deletes && (x.Kind == dbcall.KindDelete || db.Recomputes(x)) || x.RecordsOnly() || x.TouchesOnly() || convergesWith(x, a) {
			continue // a cascade of cleanup, counts taken again, an audit row, a parent's updated_at stamped, the row's children flagged: nothing granted twice
		}
		if x.Call.Block() == a.Call.Block() {
			if ssautil.Index(x.Call) > ssautil.Index(a.Call) {
				out = append(out, x)
			}
			continue
		}
		if ssautil.Reachable(a.Call.Block(), x.Call.Block()) {
			out = append(out, x)
		}
	}
	return out
}

// effectBetween reports a write of another table after the check and
// before the update: a quote checked "not yet issued", the signatures
// saved, then the quote marked issued. Two requests racing past the check
// both do the work; that the final mark writes the same value does not
// undo the second.
func effectBetween(db *dbcall.Result, g dbcall.Guard, a *dbcall.Access) bool {
	fi := db.Func(a.Fn)
	if fi == nil || g.If == nil || g.If.Block() == nil || a.Call.Block() == nil || g.If.Parent() != a.Fn {
		return false
	}
	for _, x := range fi.Accesses {
		if x == a || x.Call == a.Call || !x.Kind.IsWrite() || x.Table == "" || x.Table == a.Table || x.Table == "file" || x.Call.Block() == nil || x.RecordsOnly() || convergesWith(x, a) {
			continue
		}
		xb := x.Call.Block()
		before := ssautil.Reachable(xb, a.Call.Block()) && (xb != a.Call.Block() || ssautil.Index(x.Call) < ssautil.Index(a.Call))
		if before && ssautil.Reachable(g.If.Block(), xb) {
			return true
		}
	}
	return false
}

// actsOnCheck reports work done on the word of the check besides the
// update: a write other than the update (an insert, another update, here
// or in a callee, the update's own call included) or a network call (an
// email, a charge, a webhook) that can run on the side of the check that
// leads to the update, before it or after it. Two requests racing past
// the check both do that work, though the update they both make writes
// the same row. Deletes are left out: a second delete of the same rows
// (a cache entry, the consumed token) removes nothing more. Callers are
// not followed.
func actsOnCheck(db *dbcall.Result, nc *netcall.Result, g dbcall.Guard, a *dbcall.Access) bool {
	fi := db.Func(a.Fn)
	if fi == nil || g.If == nil || g.If.Block() == nil || a.Call.Block() == nil || g.If.Parent() != a.Fn {
		return true
	}
	pass, skip := sides(g, a) // the sides of the check that lead to the update and that do not
	if pass == nil {
		return true // both sides do, or neither: no check of this update
	}
	for _, x := range fi.Accesses {
		if x == a || x.Kind != dbcall.KindInsert && x.Kind != dbcall.KindUpdate || x.Call == nil || x.Call.Block() == nil || x.RecordsOnly() || db.Recounts(x) || x.Table != a.Table && (db.Recomputes(x) || convergesWith(x, a)) {
			continue // an audit row records the request; counts taken again (of this row too), or the row's children flagged, converge: no work done on the check's word
		}
		if x.Call == a.Call && x.Kind == a.Kind && x.Table == a.Table && x.SQL == a.SQL {
			continue // the same update reached along another path of the callee's summary
		}
		if x.Call == a.Call && x.Kind == dbcall.KindInsert && x.Table == a.Table && x.UniqueHandled {
			continue // the insert this update stands in for when it hits the key: the racer that loses it updates the same row
		}
		if ssautil.Reachable(pass, x.Call.Block()) && !regardless(g, pass, skip, x.Call.Block()) {
			return true
		}
	}
	if len(db.ReturnedColumns(a, g.Read, a.Call.Block(), func(b *ssa.BasicBlock) bool { return regardless(g, pass, skip, b) })) > 0 {
		return true // the row's contents handed out on the check's word: the token issued for a one-time code
	}
	if nc == nil || nc.Err != nil {
		return nc != nil // the network model failed: assume the worst
	}
	if nfi := nc.Func(a.Fn); nfi != nil {
		for _, c := range nfi.Calls {
			if c.Instr.Block() != nil && ssautil.Reachable(pass, c.Instr.Block()) && !regardless(g, pass, skip, c.Instr.Block()) {
				return true
			}
		}
	}
	return false
}

// convergesWith reports a write that sets constants on rows named by the
// keys of the update a (or by constants): the badge's awards flagged
// deleted when the badge is. Every racer past the check writes the same
// values to the same rows. Rows named by another value of the request
// (the requester's own row) are each racer's own work.
func convergesWith(x, a *dbcall.Access) bool {
	if !x.Converges() || len(x.Where) == 0 {
		return false
	}
	for _, w := range x.Where {
		if w.Value.IsZero() {
			if w.Const == "" {
				return false
			}
			continue
		}
		same := false
		for _, k := range a.Where {
			same = same || !k.Value.IsZero() && k.Value.Same(w.Value)
		}
		if !same {
			return false
		}
	}
	return true
}

// advisoryBefore reports an advisory lock taken in the function before the
// read: the writers are serialized.
func advisoryBefore(db *dbcall.Result, read *dbcall.Access) bool {
	fi := db.Func(read.Fn)
	if fi == nil {
		return false
	}
	for _, x := range fi.Accesses {
		if len(x.Advisory) > 0 && ssautil.Before(x.Call, read.Call) {
			return true
		}
	}
	return false
}

func staleGuardDiagnostic(pass *analysis.Pass, db *dbcall.Result, a *dbcall.Access, g dbcall.Guard) analysis.Diagnostic {
	checkAt := analysisutil.Position(pass.Fset, g.If.Cond.Pos())
	if !g.If.Cond.Pos().IsValid() {
		checkAt = analysisutil.Position(pass.Fset, g.Read.Pos)
	}
	if g.By != "" {
		checkAt += " (by " + g.By + ")"
	}
	readAt := analysisutil.Position(pass.Fset, g.Read.Pos)
	if g.Read.Via != nil {
		readAt = fmt.Sprintf("%s (by %s)", readAt, g.Read.Via.Callees[0])
	}
	pred := predicate(db, g)
	fix := fmt.Sprintf("add %s and treat 0 rows affected as a conflict, or read the row FOR UPDATE in the same transaction", pred)
	if a.Lib == apis.LibGorm && a.Via == nil {
		fix = fmt.Sprintf(`add Where("%s") and treat RowsAffected == 0 as a conflict, or read the row with clause.Locking`, strings.TrimPrefix(strings.ReplaceAll(pred, "$n", "?"), "AND "))
	}
	what := "this update"
	if a.Via != nil {
		what = "the update by " + a.Via.Callees[len(a.Via.Callees)-1]
	}
	return analysis.Diagnostic{
		Pos:      a.Pos,
		Category: "staleguard",
		Message: fmt.Sprintf("check-then-update on %s(%s): the check at %s of the value read at %s is not in the WHERE of %s, so concurrent requests all pass it; %s",
			a.Table, g.Column, checkAt, readAt, what, fix),
		Related: []analysis.RelatedInformation{
			{Pos: g.If.Cond.Pos(), Message: "the check of " + a.Table + "." + g.Column},
			{Pos: g.Read.Pos, Message: "the read of " + a.Table + "." + g.Column},
		},
	}
}

// predicate renders the guard as the SQL condition the write should carry:
// "AND status = 'searching'", "AND balance >= $n", "AND state <> 'ISSUED'"
// for a Go enum whose String method names the constant's text.
func predicate(db *dbcall.Result, g dbcall.Guard) string {
	if g.Op == token.ILLEGAL {
		return fmt.Sprintf("AND %s = <the value checked>", g.Column)
	}
	op := g.Op.String()
	switch g.Op {
	case token.EQL:
		op = "="
	case token.NEQ:
		op = "<>"
	}
	val := "$n"
	if c, ok := ssautil.Unwrap(g.Other).(*ssa.Const); ok && g.Other != nil && c.Value != nil {
		if c.Value.Kind() == constant.Bool && (g.Op == token.EQL || g.Op == token.NEQ) {
			return fmt.Sprintf("AND %s = %t", g.Column, constant.BoolVal(c.Value) == (g.Op == token.EQL))
		}
		_, enum := types.Unalias(c.Type()).(*types.Named)
		text, known := db.EnumText(c)
		switch {
		case c.Value.Kind() == constant.String:
			val = "'" + constant.StringVal(c.Value) + "'"
		case enum && known:
			val = "'" + strings.ReplaceAll(text, "'", "''") + "'" // the text its String method gives
		case !enum:
			val = c.Value.ExactString()
		} // a Go enum otherwise: the database holds what it converts to
	}
	return fmt.Sprintf("AND %s %s %s", g.Column, op, val)
}

// countIgnored reports a delete whose affected-row count is compared only
// to log: every branch on it goes on to the same writes ("if n == 0 {
// log.Printf(...) }").
func countIgnored(db *dbcall.Result, del *dbcall.Access) bool {
	fi := db.Func(del.Fn)
	if fi == nil || len(del.RowsAffected) == 0 {
		return false
	}
	counts := map[ssa.Value]bool{}
	for _, v := range del.RowsAffected {
		counts[v] = true
	}
	var effects []*ssa.BasicBlock
	for _, x := range fi.Accesses {
		if x != del && x.Kind.IsWrite() && x.Kind != dbcall.KindDelete && x.Table != del.Table && x.Table != "" && x.Table != "file" && x.Call.Block() != nil && ssautil.Reachable(del.Call.Block(), x.Call.Block()) {
			effects = append(effects, x.Call.Block())
		}
	}
	if len(effects) == 0 {
		return false
	}
	branches := 0
	for _, blk := range fi.Fn.Blocks {
		ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		bin, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || !counts[ssautil.Unwrap(bin.X)] && !counts[ssautil.Unwrap(bin.Y)] {
			continue
		}
		branches++
		for _, succ := range blk.Succs {
			reaches := false
			for _, e := range effects {
				if ssautil.Reachable(succ, e) {
					reaches = true
				}
			}
			if !reaches {
				return false // this side stops before the work: the count is acted on
			}
		}
	}
	return branches > 0
}

// checkStaleDelete reports a one-time row (a code, an invite, a reset
// token) looked up, then consumed with a DELETE whose outcome nobody acts
// on, before the work the row grants: two requests both find it, both
// delete it (one deletes nothing) and both get the work done.
//
//	c, err := repo.Code(ctx, code)       // the lookup decides
//	if err != nil { return ErrInvalid }
//	res, _ := db.Exec("DELETE FROM login_codes WHERE code = $1", code)
//	if n, _ := res.RowsAffected(); n == 0 { log.Println("already used") }   // only logged
//	return sessions.Create(ctx, c.UserID)
//
// The DELETE must be decided by the lookup's outcome, name the same row
// (dbcall's Consumes), leave its affected-row count unexamined, and be
// followed by a write of another table or have its count read and only
// logged. The lookup and the delete may be a callee's, with the work done
// by its caller after the call (verify(code) then sessions.Create): the
// finding is then at the callee's delete when it is in this package. Held
// rows (FOR UPDATE, SERIALIZABLE) and deletes that re-check nothing but
// are the last thing done (a DELETE endpoint) stay silent.
func checkStaleDelete(pass *analysis.Pass, db *dbcall.Result, txs *txscope.Result, del *dbcall.Access) (analysis.Diagnostic, bool) {
	read := del.Consumes
	if read == nil || del.RowsReturned >= 0 || del.ResultReturned >= 0 || del.Call.Block() == nil {
		return analysis.Diagnostic{}, false
	}
	if del.RowsChecked && !countIgnored(db, del) {
		return analysis.Diagnostic{}, false
	}
	if db.FailsAfter(del) {
		// Cleanup before refusing the request: nothing goes on.
		return analysis.Diagnostic{}, false
	}
	if read.Call == del.Call {
		if own := calleeDelete(db, del); own != nil && db.FailsAfter(own) {
			return analysis.Diagnostic{}, false // the callee's cleanup, before it refuses
		}
	}
	logged := len(del.RowsAffected) > 0
	grant := grantAfter(db, del)
	if grant != nil && doneEither(read, del, grant) {
		grant = nil
	}
	if grant == nil {
		grant = grantInTxBefore(db, txs, read, del)
	}
	if !logged && grant == nil {
		return analysis.Diagnostic{}, false
	}
	if rowHeld(db, txs, read, del) || advisoryBefore(db, read) || db.Serialized(read, del) {
		return analysis.Diagnostic{}, false
	}
	at, readPos := del.Pos, read.Pos
	readAt := analysisutil.Position(pass.Fset, read.Pos)
	if read.Via != nil {
		readAt = fmt.Sprintf("%s (by %s)", readAt, read.Via.Callees[0])
	}
	var related []analysis.RelatedInformation
	if read.Call == del.Call {
		// Both in the callee: the caller does the work after the call.
		if own := calleeDelete(db, del); own != nil {
			at, readPos = own.Pos, own.Consumes.Pos
			readAt = analysisutil.Position(pass.Fset, own.Consumes.Pos)
			if own.Consumes.Via != nil {
				readAt = fmt.Sprintf("%s (by %s)", readAt, own.Consumes.Via.Callees[0])
			}
		}
	}
	outcome := "ignores rows affected"
	if logged {
		outcome = "only logs rows affected"
	}
	goOn := "both go on"
	if grant != nil && grant.Fn != nil && grant.Call != del.Call && read.Call == del.Call {
		goOn = fmt.Sprintf("both go on to the work %s does after %s at %s", grant.Fn.Name(), del.Via.Callees[0], analysisutil.Position(pass.Fset, grant.Pos))
	}
	related = append(related, analysis.RelatedInformation{Pos: readPos, Message: "the lookup of the row consumed"})
	if grant != nil {
		related = append(related, analysis.RelatedInformation{Pos: grant.Pos, Message: "the work the row grants"})
	}
	return analysis.Diagnostic{
		Pos:      at,
		Category: "staleguard",
		Message: fmt.Sprintf("check-then-delete on %s: the row found at %s is consumed by a DELETE that %s, so concurrent requests both find it and %s; treat 0 rows deleted as already used (or DELETE ... RETURNING and test for no row)",
			del.Table, readAt, outcome, goOn),
		Related: related,
	}, true
}

// doneEither reports a write the lookup's block reaches on a path that
// does not pass the delete: made whether or not the row was there (the
// project saved after its favorite mark is removed, or not), it is no work
// the row grants.
func doneEither(read, del, x *dbcall.Access) bool {
	from, avoid, to := read.Call.Block(), del.Call.Block(), x.Call.Block()
	if from == nil || avoid == nil || to == nil || from == avoid || to == avoid || read.Fn != del.Fn || x.Fn != del.Fn {
		return false
	}
	var r ssautil.Reach
	return r.ReachableNotThrough(from, to, avoid)
}

// calleeDelete returns, for a delete performed by a function of this
// package that its own lookup decides, that function's delete: where the
// finding belongs, once for all its callers.
func calleeDelete(db *dbcall.Result, del *dbcall.Access) *dbcall.Access {
	for depth := 0; depth < 4; depth++ {
		callee := del.Call.Common().StaticCallee()
		if callee == nil {
			return nil
		}
		fi := db.Func(callee)
		if fi == nil {
			return nil
		}
		var own *dbcall.Access
		for _, x := range fi.Accesses {
			if x.Kind == dbcall.KindDelete && x.Table == del.Table && x.SQL == del.SQL && x.Consumes != nil {
				own = x
				break
			}
		}
		if own == nil {
			return nil
		}
		if own.Consumes.Call != own.Call {
			return own // decided here
		}
		del = own
	}
	return nil
}

// checkMarkedFound reports a one-time row found by a lookup that requires
// a flag (is_used = false) and then marked by an update that flips the
// flag by the row's key alone, its count unexamined: two requests both
// find the row, both mark it, and both get what it grants.
//
//	tx.Where("user_id = ? AND code = ? AND is_used = ?", uid, code, false).First(&rc)
//	if err == gorm.ErrRecordNotFound { return ErrNotFound }   // the lookup decides
//	tx.Model(&rc).Update("is_used", true)                     // WHERE id = rc.ID
//
// The update must be the function's own (a helper may lock the row and
// check the flag again: albyhub's markPaymentFailed), and the row must
// grant something: the function fails when the lookup finds nothing (its
// callers go on only with the row), or writes another table after. Held
// rows (FOR UPDATE, SERIALIZABLE, an advisory lock) stay silent, as do
// updates that re-state the flag or test their count.
func checkMarkedFound(pass *analysis.Pass, db *dbcall.Result, txs *txscope.Result, a *dbcall.Access) (analysis.Diagnostic, bool) {
	if a.Kind != dbcall.KindUpdate || a.Via != nil || a.RowsChecked || a.RowsReturned >= 0 || a.ResultReturned >= 0 || a.Partial {
		return analysis.Diagnostic{}, false
	}
	read, gated := db.DecidingLookup(a)
	if read == nil || read.Table != a.Table || !gated && grantAfter(db, a) == nil {
		return analysis.Diagnostic{}, false
	}
	for _, s := range a.Set {
		to, ok := constOf(s.Value, s.Const)
		if !ok || rechecks(a, s.Column) {
			continue
		}
		w, ok := read.WhereColumn(s.Column)
		if !ok || w.Op != "=" {
			continue
		}
		from, ok := constOf(w.Value, w.Const)
		if !ok || from == to {
			continue
		}
		if rowHeld(db, txs, read, a) || advisoryBefore(db, read) || db.Serialized(read, a) {
			return analysis.Diagnostic{}, false
		}
		readAt := analysisutil.Position(pass.Fset, read.Pos)
		if read.Via != nil {
			readAt = fmt.Sprintf("%s (by %s)", readAt, read.Via.Callees[0])
		}
		return analysis.Diagnostic{
			Pos:      a.Pos,
			Category: "staleguard",
			Message: fmt.Sprintf("check-then-update on %s(%s): the row found at %s with %s = %s is marked by an UPDATE whose WHERE does not re-state it, so concurrent requests both find it and both go on; add AND %s = %s and treat 0 rows affected as already used, or read the row FOR UPDATE in the same transaction",
				a.Table, s.Column, readAt, s.Column, from, s.Column, from),
			Related: []analysis.RelatedInformation{{Pos: read.Pos, Message: "the lookup of the row marked"}},
		}, true
	}
	return analysis.Diagnostic{}, false
}

// constOf returns the SQL text of a constant binding: the literal in the
// SQL, or a Go constant bound to the placeholder.
func constOf(v dbcall.Ref, lit string) (string, bool) {
	if v.Root == nil {
		return lit, lit != ""
	}
	c, ok := ssautil.Unwrap(v.Root).(*ssa.Const)
	if !ok || c.Value == nil || v.Path != "" {
		return "", false
	}
	return constText(c), true
}
