package noversion

import (
	"fmt"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/sqltext"
	"github.com/idemvet/idemvet/passes/txscope"
)

// checkStaleRow reports a whole-row write-back of an unversioned table: the
// update passes on, unchanged, columns read earlier from the same row, and
// another code path changes some of them, so a concurrent change made
// there between the read and this write is reverted.
func checkStaleRow(pass *analysis.Pass, db *dbcall.Result, txs *txscope.Result, a *dbcall.Access) (analysis.Diagnostic, bool) {
	stale := db.Stale(a)
	if len(stale) == 0 {
		return analysis.Diagnostic{}, false
	}
	read := stale[0].Read
	if db.Unchanged(a, stale) {
		// The row is written as it was read (convoy's
		// UpdateEventEndpoints(ctx, event, ids) writing event.Endpoints):
		// no change of the request carries stale columns along, and the
		// fix the message gives would be to write nothing.
		return analysis.Diagnostic{}, false
	}
	if a.MarksRemoved(stale) {
		// A soft delete saving the whole row (deleted_at = now()): the
		// row's end, nothing of a concurrent edit is kept by anyone.
		return analysis.Diagnostic{}, false
	}
	if guardedWrite(a, stale) || rowHeld(db, txs, read, a) || db.Serialized(read, a) {
		return analysis.Diagnostic{}, false
	}
	self := writeOrigin(pass, a)
	var cols []string
	var other dbcall.Writer
	otherCol := ""
	for _, s := range stale {
		if isBookkeeping(s.Column) || rewrittenAfter(db, a, s.Read, s.Column) {
			continue
		}
		var best *dbcall.Writer
		for _, w := range db.Writers(a.Table) {
			if w.Access == a || w.Origin == self && w.Access == nil && a.Via != nil || !contains(w.Columns, s.Column) {
				continue
			}
			if best == nil || better(w, *best) {
				w := w
				best = &w
			}
		}
		if best == nil {
			continue // nobody else changes it: writing it back loses nothing
		}
		cols = append(cols, s.Column)
		// Name a narrow writer (SET last_used = $1) before another
		// write-back.
		if otherCol == "" || other.WriteBack && !best.WriteBack {
			other, otherCol = *best, s.Column
		}
	}
	if len(cols) == 0 {
		return analysis.Diagnostic{}, false
	}
	sort.Strings(cols)
	readAt := analysisutil.Position(pass.Fset, read.Pos)
	if read.Via != nil {
		readAt = fmt.Sprintf("%s (by %s)", readAt, read.Via.Callees[0])
	}
	otherAt := other.Func
	if other.Origin != "" {
		otherAt += " at " + other.Origin
	}
	fix := "write only the columns the request changes, or add a version check"
	if a.Lib == apis.LibGorm {
		fix = "write only the columns the request changes (Updates with a map, or Select), or add a version check"
	}
	d := analysis.Diagnostic{
		Pos:      a.Pos,
		Category: "stalerow",
		Message: fmt.Sprintf("stale row written back on %s(%s): %s writes back the values read at %s, reverting concurrent changes such as %s by %s; %s",
			a.Table, columnList(cols), writeName(a), readAt, otherCol, otherAt, fix),
		Related: []analysis.RelatedInformation{{Pos: read.Pos, Message: "the read of the row written back"}},
	}
	if p := other.Pos(); p.IsValid() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: p, Message: "another write of " + a.Table + "." + otherCol})
	}
	return d, true
}

// better orders the writers of a column for the message: narrow writers
// first, then by name.
func better(w, than dbcall.Writer) bool {
	if w.WriteBack != than.WriteBack {
		return !w.WriteBack
	}
	return w.Func < than.Func || w.Func == than.Func && w.Origin < than.Origin
}

// writeName names the write-back for the message.
func writeName(a *dbcall.Access) string {
	switch {
	case a.Via != nil:
		return a.Via.Callees[len(a.Via.Callees)-1]
	case a.Method != "" && a.Lib == apis.LibGormV1:
		return "gorm " + a.Method
	case a.Method != "" && a.Lib != apis.LibNone:
		return a.Lib.String() + " " + a.Method // gorm Save, xorm Update, pop Update
	}
	return "this UPDATE"
}

// writeOrigin is where the write executes: its origin in a callee, or its
// own position.
func writeOrigin(pass *analysis.Pass, a *dbcall.Access) string {
	return a.Position(pass.Fset)
}

// guardedWrite reports an update whose WHERE compares a column it writes
// back, or a version or timestamp, with the value read: a compare-and-set
// that fails when the row changed (rowsaffectedunchecked checks that the
// failure is noticed).
func guardedWrite(a *dbcall.Access, stale []dbcall.StaleColumn) bool {
	for _, w := range a.Where {
		if versionColumns[w.Column] || isBookkeeping(w.Column) {
			return true
		}
		for _, s := range stale {
			if w.Column == s.Column {
				return true
			}
		}
	}
	return a.OptimisticLock
}

// rowHeld reports a write-back that cannot revert a concurrent change: the
// row was read with FOR UPDATE (or locked earlier) in the write's
// transaction, or the transaction is REPEATABLE READ or SERIALIZABLE
// (PostgreSQL aborts one of two concurrent writers of a row).
func rowHeld(db *dbcall.Result, txs *txscope.Result, read, a *dbcall.Access) bool {
	if lockedFirst(txs, a) || lockedByLookup(db, read) || uncommittedRow(db, txs, read) {
		return true
	}
	tx := txs.Of(a)
	if tx == nil || txs.Of(read) != tx {
		return false
	}
	if read.Lock == sqltext.LockUpdate || read.Lock == sqltext.LockNoKeyUpdate {
		return true
	}
	return tx.Isolation == sqltext.IsolationSerializable || tx.Isolation == sqltext.IsolationRepeatableRead
}

// uncommittedRow reports a read of a row that every caller of the read's
// function inserted earlier in a transaction still open at the call (the
// repository created, then initialized and saved by a helper given the
// session): until commit no other transaction sees the row, so nobody
// changes it between this read and a write of it.
func uncommittedRow(db *dbcall.Result, txs *txscope.Result, read *dbcall.Access) bool {
	ins, ok := db.InsertedByCallers(read)
	if !ok {
		return false
	}
	for _, in := range ins {
		tx := txs.Of(in.Insert)
		if tx == nil || !inTx(db, txs, tx, in.Call, read.Table) {
			return false // committed when it was inserted: others may have found it since
		}
	}
	return true
}

// inTx reports a call whose accesses of table (the callee's, as the
// caller's summary holds them) run in tx. Files and other stores the
// callee writes beside it are no matter.
func inTx(db *dbcall.Result, txs *txscope.Result, tx *txscope.Tx, call ssa.CallInstruction, table string) bool {
	fi := db.Func(call.Parent())
	if fi == nil {
		return false
	}
	found := false
	for _, y := range fi.Accesses {
		if y.Call != call || y.Table != table {
			continue
		}
		if txs.Of(y) != tx {
			return false
		}
		found = true
	}
	return found
}

// lockedByLookup reports a lookup function that locks the row it reads:
// the read, or beside it the same call, is a SELECT ... FOR UPDATE of the
// table, on a handle the function was given (a transaction of its
// caller's: FOR UPDATE outside one would hold nothing, and is not written) (FindSessionByID(tx, id, forUpdate) locking the row, then reading
// it again through the ORM). The lock may be taken on some calls only (a
// forUpdate flag the caller also tests before writing), which the model
// cannot tell apart; the caller asked for a lock, so the row is taken as
// held.
func lockedByLookup(db *dbcall.Result, read *dbcall.Access) bool {
	if read.Via == nil || read.Call == nil {
		return false
	}
	fi := db.Func(read.Fn)
	if fi == nil {
		return false
	}
	for _, x := range fi.Accesses {
		if x.Call == read.Call && x.Kind == dbcall.KindRead && x.Table == read.Table &&
			(x.Lock == sqltext.LockUpdate || x.Lock == sqltext.LockNoKeyUpdate) {
			return true
		}
	}
	return false
}

// isBookkeeping reports columns every writer sets (updated_at): writing an
// old value back only moves them back in time.
func isBookkeeping(col string) bool {
	switch col {
	case "updated_at", "modified_at", "updated", "modified", "mtime", "update_time", "updated_time", "gmt_modified", "last_modified":
		return true
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// columnList joins columns for a message, at most four of them.
func columnList(cols []string) string {
	if len(cols) <= 4 {
		return strings.Join(cols, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(cols[:4], ", "), len(cols)-4)
}

// rewrittenAfter reports a column the function writes again after the
// write-back, with a value of its own, on the same row (its WHERE bound to
// the struct the write-back's WHERE is bound to, or to a value the row was
// read by): what the write-back reverts there, the function overwrites
// itself.
//
//	m, _ := GetMirrorByRepoID(id)
//	UpdateMirror(m)                                                   // updated_unix as read
//	x.Exec("UPDATE mirror SET updated_unix = ? WHERE repo_id = ?", now, m.RepoID)
func rewrittenAfter(db *dbcall.Result, a, read *dbcall.Access, col string) bool {
	if a.Call == nil {
		return false
	}
	for _, w := range db.Writers(a.Table) {
		x := w.Access
		if x == nil || x == a || x.Fn != a.Fn || x.Call == nil || x.Call == a.Call || !contains(w.Columns, col) {
			continue
		}
		if !ssautil.Before(a.Call, x.Call) {
			continue
		}
		for _, xw := range x.Where {
			if xw.Op != "=" || xw.Value.Root == nil {
				continue
			}
			for _, aw := range a.Where {
				if xw.Value.Root == aw.Value.Root && xw.Value.Path != "" {
					return true
				}
			}
			if rw, ok := read.WhereColumn(xw.Column); ok && rw.Value.Same(xw.Value) {
				return true
			}
		}
	}
	return false
}
