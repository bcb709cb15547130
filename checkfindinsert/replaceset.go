package checkfindinsert

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/schema"
	"github.com/idemvet/idemvet/passes/sqltext"
	"github.com/idemvet/idemvet/passes/txscope"
)

// checkReplace reports a set of rows replaced in two statements: a DELETE
// of a parent's rows, then an INSERT of the set computed anew, with
// nothing held that keeps a second replace of the same parent out.
//
//	s.Where("project_view_id = ?", view.ID).Delete(&TaskPosition{})
//	s.Insert(newPositions) // each with ProjectViewID: view.ID
//
// Under READ COMMITTED (PostgreSQL's default) the second request's
// DELETE waits for the first's, then deletes only the rows its snapshot
// saw: the rows the first inserts survive it, so both sets are kept (the
// union, or duplicates) or the second INSERT fails on a unique key. The
// fixes: lock the parent row first (SELECT ... FOR UPDATE of the view),
// or insert with ON CONFLICT.
//
// It stays silent when the DELETE identifies one row (a key of the
// table), when its WHERE has more than equalities (a prune by age), when
// the INSERT binds the parent column to another value, when the insert
// has a conflict clause or handles the unique violation, when the
// transaction is serializable, when an earlier statement of the
// transaction takes a row lock or writes (the parent's own UPDATE, a
// FOR UPDATE, a new parent's INSERT: a second replace waits for it, or
// cannot know the parent yet), an advisory lock or a process mutex, and
// when both statements are made by one call (the callee's own finding).
func checkReplace(pass *analysis.Pass, db *dbcall.Result, txs *txscope.Result, cat *schema.Catalog, fi *dbcall.FuncInfo, ins *dbcall.Access) (analysis.Diagnostic, bool) {
	if ins.Kind != dbcall.KindInsert || ins.Table == "" || ins.Heuristic || ins.Conflict != sqltext.ConflictNone || ins.Upsert != nil || ins.UniqueHandled {
		return analysis.Diagnostic{}, false
	}
	for _, del := range fi.Accesses {
		if del.Kind != dbcall.KindDelete || del.Table != ins.Table || del.Call == ins.Call || del.Heuristic || del.Partial || del.Consumes != nil {
			continue
		}
		if !ssautil.Before(del.Call, ins.Call) {
			continue // the insert does not always follow the delete
		}
		sameTx := txs.Of(del) != nil && txs.Of(del) == txs.Of(ins)
		if !del.Handle.Same(ins.Handle) && !sameTx {
			continue // another connection's or transaction's rows
		}
		if (del.Via != nil || ins.Via != nil) && del.Call != ins.Call && !sameTx && !isParam(fi, del.Handle) {
			continue // called functions running on the pool, each in a transaction of its own, perhaps: not one replace
		}
		if del.Via != nil && ins.Via != nil && (madeBy(fi, ins.Call, dbcall.KindDelete, ins.Table) || madeBy(fi, del.Call, dbcall.KindInsert, ins.Table)) {
			continue // a callee that replaces the set itself: its own finding
		}
		parent, ok := parentKey(cat, del)
		if !ok {
			continue
		}
		if s, ok := ins.SetColumn(parent.Column); ok {
			if parent.Value.IsZero() || s.Value.IsZero() || !db.SameValue(fi.Fn, parent.Value, s.Value) {
				continue // the rows of another parent
			}
		} else if len(ins.Set) > 0 {
			continue // the insert's columns are known and leave the parent out: another shape
		}
		if replaceHeld(db, txs, fi, del, ins) {
			continue
		}
		return replaceDiagnostic(pass, cat, del, ins, parent.Column), true
	}
	return analysis.Diagnostic{}, false
}

// madeBy reports whether call makes an access of kind on table too.
func madeBy(fi *dbcall.FuncInfo, call ssa.CallInstruction, kind dbcall.Kind, table string) bool {
	for _, a := range fi.Accesses {
		if a.Call == call && a.Kind == kind && a.Table == table {
			return true
		}
	}
	return false
}

// parentKey returns the column a DELETE picks a parent's rows by: one
// conjunct of its WHERE an equality with a Go value, the others with
// constants, and no key of the table among them (a row deleted by its key
// and inserted again is no set).
func parentKey(cat *schema.Catalog, del *dbcall.Access) (dbcall.Binding, bool) {
	if len(del.Where) == 0 {
		return dbcall.Binding{}, false
	}
	var key dbcall.Binding
	found := false
	var cols []string
	for _, w := range del.Where {
		if w.Op != "=" || w.Column == "" {
			return dbcall.Binding{}, false // a prune (created_at < $2) or a set by IN: not a replace
		}
		if w.Column == "id" {
			return dbcall.Binding{}, false // one row deleted and inserted again
		}
		cols = append(cols, w.Column)
		if w.Const == "" {
			if found {
				return dbcall.Binding{}, false // keyed by two values: one row deleted and inserted again (an upsert in two statements)
			}
			key, found = w, true
		}
	}
	if t := cat.Table(del.Table); t != nil {
		for _, u := range t.Keys() {
			if len(u.Where) == 0 && !u.Expr && subset(u.Columns, cols) {
				return dbcall.Binding{}, false // the WHERE names one row: deleted and inserted again
			}
		}
	}
	return key, found && !key.Value.IsZero()
}

// replaceHeld reports what keeps a second replace of the same parent out
// between del and ins: a serializable transaction, an earlier row lock or
// write of the transaction, an advisory lock, a process mutex.
func replaceHeld(db *dbcall.Result, txs *txscope.Result, fi *dbcall.FuncInfo, del, ins *dbcall.Access) bool {
	if db.Serialized(del, ins) {
		return true
	}
	for _, a := range fi.Accesses {
		if len(a.Advisory) > 0 && ssautil.Before(a.Call, del.Call) {
			return true
		}
	}
	if tx := txs.Of(del); tx != nil && tx.Serializable() {
		return true
	}
	if lockedBefore(fi, del) {
		return true // the parent's row locked or written first (or a new parent inserted)
	}
	// The handle is the caller's (a transaction or session parameter):
	// what the callers locked before the call is theirs to show.
	if isParam(fi, del.Handle) {
		return heldByCallers(db, fi.Fn, del.Table, 0, map[*ssa.Function]bool{})
	}
	return false
}

// lockedBefore reports a write or a locking read of another table, made
// on del's handle before del: a second replace of the same parent waits
// for its row (the parent's own UPDATE, a SELECT ... FOR UPDATE), or
// cannot know the parent yet (a parent inserted in the same transaction).
// A write of an unrelated row serializes nothing; taking it for a lock
// errs on the side of silence.
func lockedBefore(fi *dbcall.FuncInfo, del *dbcall.Access) bool {
	for _, a := range fi.Accesses {
		if a == del {
			return false // accesses are in instruction order, a callee's in its own
		}
		if a.Table == del.Table || a.Table == "" {
			continue
		}
		if !a.Kind.IsWrite() && a.Lock == sqltext.LockNone {
			continue
		}
		if a.Call == del.Call || a.Handle.Same(del.Handle) && ssautil.Before(a.Call, del.Call) {
			return true // before it in the same callee (a repository created, then its accesses reset), or before the call
		}
	}
	return false
}

// isParam reports a handle that is a parameter of fi's function: the
// caller's transaction or session.
func isParam(fi *dbcall.FuncInfo, h dbcall.Ref) bool {
	p, ok := h.Root.(*ssa.Parameter)
	return ok && p.Parent() == fi.Fn
}

// heldByCallers reports whether every in-package caller of fn reaches its
// call of fn (which deletes the set of table) holding a lock taken before
// it on the same handle, itself or through its own callers; false when fn
// has no caller in view (an exported function: callers out of view).
func heldByCallers(db *dbcall.Result, fn *ssa.Function, table string, depth int, seen map[*ssa.Function]bool) bool {
	if depth > 3 || seen[fn] {
		return false
	}
	seen[fn] = true
	callers := 0
	for _, g := range db.Funcs {
		for _, a := range g.Accesses {
			if a.Kind != dbcall.KindDelete || a.Table != table || a.Via == nil {
				continue
			}
			if callee := a.Call.Common().StaticCallee(); callee == nil || callee != fn && callee.Origin() != fn {
				continue
			}
			callers++
			if lockedBefore(g, a) {
				continue
			}
			if p, ok := a.Handle.Root.(*ssa.Parameter); ok && p.Parent() == g.Fn && heldByCallers(db, g.Fn, table, depth+1, seen) {
				continue
			}
			return false
		}
	}
	return callers > 0
}

func replaceDiagnostic(pass *analysis.Pass, cat *schema.Catalog, del, ins *dbcall.Access, col string) analysis.Diagnostic {
	at := analysisutil.Position(pass.Fset, del.Pos)
	if del.Via != nil {
		at = fmt.Sprintf("%s (by %s)", at, del.Via.Callees[0])
	}
	outcome := "both sets are kept"
	if keyed(cat, ins, col) {
		outcome = "this INSERT fails on a unique key, or both sets are kept"
	}
	return analysis.Diagnostic{
		Pos:      ins.Pos,
		End:      token.NoPos,
		Category: "replaceset",
		Message: fmt.Sprintf("replace of the %s rows of one %s: a concurrent replace can run between the DELETE at %s and this INSERT; under READ COMMITTED neither DELETE sees the rows the other inserts, so %s; lock the parent row (SELECT ... FOR UPDATE) before the DELETE, or insert with ON CONFLICT",
			ins.Table, col, at, outcome),
		Related: []analysis.RelatedInformation{{Pos: del.Pos, Message: "the delete of the set replaced"}},
	}
}

// keyed reports a unique key of the table (in the schema or the ORM
// model) that includes col: a second set's rows collide with the first's.
func keyed(cat *schema.Catalog, ins *dbcall.Access, col string) bool {
	for _, set := range ins.ModelUniques {
		for _, c := range set {
			if c == col {
				return true
			}
		}
	}
	return cat.Table(ins.Table).Identifies(col)
}
