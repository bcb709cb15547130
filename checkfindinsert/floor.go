package checkfindinsert

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/sqltext"
	"github.com/idemvet/idemvet/passes/txscope"
)

// floorDecision is a floor check of fn and its If.
type floorDecision struct {
	dbcall.Floor
	ifi *ssa.If
}

// floorsOf lists the branches of fn refusing a write at a count's floor.
func floorsOf(db *dbcall.Result, fn *ssa.Function) []floorDecision {
	var out []floorDecision
	for ifi := range ssautil.Branches(fn) {
		if f, ok := db.Floor(ifi); ok {
			out = append(out, floorDecision{f, ifi})
		}
	}
	return out
}

// checkFloor reports a delete or update that takes a row out of the set a
// count counted, run only when the count is above a floor ("cannot
// delete the last admin"), with nothing serializing the writers: two
// requests removing the last two admins both count two and both remove
// one. No unique constraint prevents it; locking the rows counted (SELECT
// ... FOR UPDATE) in the write's transaction, SERIALIZABLE, or the count
// in the write's own WHERE does.
func checkFloor(pass *analysis.Pass, reach *ssautil.Reach, txs *txscope.Result, fi *dbcall.FuncInfo, floors []floorDecision, w *dbcall.Access) (analysis.Diagnostic, bool) {
	for _, f := range floors {
		count := f.Access
		if count.Table != w.Table || count.Call == w.Call || count.Fn != fi.Fn || w.Call.Parent() != f.ifi.Parent() {
			continue
		}
		if !ssautil.Before(count.Call, f.ifi) {
			continue
		}
		blk := f.ifi.Block()
		at, above := blk.Succs[f.AtFloor], blk.Succs[1-f.AtFloor]
		target := w.Call.Block()
		// Reached above the floor, and at it only by counting again.
		if !reach.Reachable(above, target) || reach.ReachableNotThrough(at, target, count.Call.Block()) {
			continue
		}
		if !refuses(reach, at, above) {
			continue // a trim or a repair at the bound, no refusal
		}
		cols, ok := leavesCount(count, w)
		if !ok || floorSafe(txs, fi, count, w) {
			continue
		}
		return floorDiagnostic(pass, count, w, cols), true
	}
	return analysis.Diagnostic{}, false
}

// refuses reports whether the side of the branch at the floor refuses:
// the blocks it reaches and the other side does not return a non-nil
// error or hand one to a call (ctx.AbortWithError(400, errLastAdmin)).
// A loop that stops at the bound (a batch smaller than its size), or a
// branch that only skips the removal (a repair run when more than one row
// is at a position) refuses nothing.
func refuses(reach *ssautil.Reach, at, above *ssa.BasicBlock) bool {
	for _, b := range at.Parent().Blocks {
		if !reach.Reachable(at, b) || reach.Reachable(above, b) {
			continue
		}
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Return:
				for _, r := range x.Results {
					if isError(r.Type()) && !isNilConst(r) {
						return true
					}
				}
			case ssa.CallInstruction:
				for _, arg := range x.Common().Args {
					if isError(arg.Type()) && !isNilConst(arg) {
						return true
					}
				}
			}
		}
	}
	return false
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// leavesCount reports whether the write may take a row out of the set
// the count counts, and the count's columns it concerns: a DELETE whose
// WHERE does not pin a counted column to another constant, or an UPDATE
// setting a column the count compares with a constant to a value not the
// count's own nor written back as read.
func leavesCount(count, w *dbcall.Access) ([]string, bool) {
	keys := count.KeyColumns()
	switch w.Kind {
	case dbcall.KindDelete:
		for _, k := range keys {
			cw, _ := count.WhereColumn(k)
			if ww, ok := w.WhereColumn(k); ok && cw.Const != "" && ww.Const != "" && normConst(cw.Const) != normConst(ww.Const) {
				return nil, false // deletes rows the count does not count
			}
		}
		return keys, true
	case dbcall.KindUpdate:
		var cols []string
		for _, k := range keys {
			cw, _ := count.WhereColumn(k)
			if _, isConst := cw.Value.Root.(*ssa.Const); cw.Const == "" && !isConst {
				// A group the count is of (buckets of a view): a write
				// setting its column moves a row between groups whose
				// values the model does not compare; a flag or a state
				// counted (admin = true) is what a demotion changes.
				continue
			}
			s, ok := w.SetColumn(k)
			if !ok || s.Passed || s.Class == sqltext.AssignAtomic || s.Value.IsZero() && s.Const == "" {
				continue
			}
			if !cw.Value.IsZero() && cw.Value.Same(s.Value) || cw.Const != "" && s.Const != "" && normConst(cw.Const) == normConst(s.Const) {
				continue // sets the value counted: the row stays in the set
			}
			if ws, ok := w.WhereColumn(k); ok && (cw.Const != "" && normConst(cw.Const) != normConst(ws.Const) || !cw.Value.IsZero() && !ws.Value.IsZero() && !cw.Value.Same(ws.Value)) {
				continue // updates rows the count does not count
			}
			cols = append(cols, k)
		}
		return cols, len(cols) > 0
	}
	return nil, false
}

// floorSafe reports what serializes the removers: capacitySafe's SERIALIZABLE
// transaction, advisory lock, parent-row lock or LOCK TABLE, or the
// counted rows locked (a locking read of the table before the count, in
// the write's transaction).
func floorSafe(txs *txscope.Result, fi *dbcall.FuncInfo, count, w *dbcall.Access) bool {
	if capacitySafe(txs, fi, count, w) {
		return true
	}
	tx := txs.Of(w)
	if tx == nil || txs.Of(count) != tx {
		return false
	}
	for _, a := range tx.Accesses {
		if a.Table == count.Table && a.Lock != sqltext.LockNone && (a == count || a.Fn == count.Fn && ssautil.Before(a.Call, count.Call)) {
			return true
		}
	}
	return false
}

func floorDiagnostic(pass *analysis.Pass, count, w *dbcall.Access, cols []string) analysis.Diagnostic {
	at := analysisutil.Position(pass.Fset, count.Pos)
	if count.Via != nil {
		at = fmt.Sprintf("%s (by %s)", at, count.Via.Callees[0])
	}
	key := w.Table
	if len(cols) > 0 {
		key += "(" + strings.Join(cols, ", ") + ")"
	}
	verb, act := "delete", "delete"
	if w.Kind == dbcall.KindUpdate {
		verb, act = "update", "update a row out of the set"
	}
	return analysis.Diagnostic{
		Pos:      w.Pos,
		Category: "floor",
		Message: fmt.Sprintf("count-then-%s on %s: concurrent requests all count above the floor at %s and all %s, leaving fewer rows than it allows (the last one gone); lock the rows counted (SELECT ... FOR UPDATE) in the transaction of this write, use a SERIALIZABLE transaction, or put the count in the write's WHERE and check the rows affected",
			verb, key, at, act),
		Related: []analysis.RelatedInformation{{Pos: count.Pos, Message: "the count that decides this write"}},
	}
}
