package checkfindinsert

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/schema"
	"github.com/idemvet/idemvet/passes/txscope"
)

// checkOverdraw reports an insert into the table a SUM total read, run on
// one side only of a branch on that total (or on a balance computed from
// it, or on the error of a helper that checks it), with nothing
// serializing the writers: concurrent payments all read the balance
// before either inserts its row, all pass the check, and together spend
// more than the balance. The insert adds to the total (its equality
// columns, with the same values); as with a count, no unique constraint
// prevents it.
func checkOverdraw(pass *analysis.Pass, db *dbcall.Result, reach *ssautil.Reach, txs *txscope.Result, cat *schema.Catalog, fi *dbcall.FuncInfo, overdraws []dbcall.Overdraw, ins *dbcall.Access) (analysis.Diagnostic, bool) {
	for _, o := range overdraws {
		sum := o.Sum
		if sum.Table != ins.Table || sum.Call == ins.Call || o.If.Parent() != ins.Call.Parent() {
			continue
		}
		blk := o.If.Block()
		t := reach.ReachableTo(blk.Succs[0], ins.Call.Block())
		f := reach.ReachableTo(blk.Succs[1], ins.Call.Block())
		if t == f {
			continue // both sides insert (or neither): the total does not decide it
		}
		if !ssautil.Before(sum.Call, o.If) && !(sum.Call.Block() != nil && reach.Reachable(sum.Call.Block(), blk)) {
			continue
		}
		cols, ok := totalKey(db, cat, fi, sum, ins)
		if !ok || capacitySafe(txs, fi, sum, ins) || db.Serialized(sum, ins) {
			continue
		}
		return overdrawDiagnostic(pass, o, ins, cols), true
	}
	return analysis.Diagnostic{}, false
}

// totalKey reports whether the insert adds a row the total sums: every
// equality column of the total's WHERE is inserted with the same value
// (or a value the model holds to be the same: a key of a row looked up
// by it, a pointer to it), or left to a DEFAULT equal to the total's
// constant. A total with no equality column sums the whole table. A
// helper's total keyed by a value the helper found itself is taken to be
// the insert's key.
func totalKey(db *dbcall.Result, cat *schema.Catalog, fi *dbcall.FuncInfo, sum, ins *dbcall.Access) ([]string, bool) {
	keys := sum.KeyColumns()
	for _, w := range sum.Where {
		switch w.Op {
		case "IS NOT NULL", ">", ">=", "<", "<=":
			// The total requires a column the insert leaves NULL
			// (settled_at IS NOT NULL, settled_at >= $2): the new row
			// is not summed until another write sets it, as an invoice
			// created unsettled.
			if _, set := ins.SetColumn(w.Column); w.Column != "" && !set && !hasDefault(cat, ins.Table, w.Column) {
				return nil, false
			}
		}
	}
	for _, k := range keys {
		w, _ := sum.WhereColumn(k)
		s, ok := ins.SetColumn(k)
		if !ok {
			if !defaultMatches(cat, ins.Table, k, w) {
				return nil, false
			}
			continue
		}
		if w.Value.IsZero() && w.Const == "" && sum.Via != nil && !s.Value.IsZero() {
			// A key the helper found itself (the app of the permission
			// it looked up by the caller's app id), out of the caller's
			// view: taken to be the insert's.
			continue
		}
		if w.Const != "" || s.Const != "" {
			if normConst(w.Const) != normConst(s.Const) {
				return nil, false
			}
			continue
		}
		if w.Value.IsZero() || s.Value.IsZero() || !db.SameKey(fi.Fn, w.Value, s.Value) {
			return nil, false
		}
	}
	return keys, true
}

func overdrawDiagnostic(pass *analysis.Pass, o dbcall.Overdraw, ins *dbcall.Access, cols []string) analysis.Diagnostic {
	at := analysisutil.Position(pass.Fset, o.Sum.Pos)
	if o.Sum.Via != nil {
		at = fmt.Sprintf("%s (by %s)", at, o.Sum.Via.Callees[0])
	}
	pos := o.If.Cond.Pos()
	if !pos.IsValid() {
		pos = o.Sum.Pos
	}
	check := "at " + analysisutil.Position(pass.Fset, pos)
	if o.By != "" {
		check = "of " + o.By
	}
	key := ins.Table
	if len(cols) > 0 {
		key += "(" + strings.Join(cols, ", ") + ")"
	}
	return analysis.Diagnostic{
		Pos:      ins.Pos,
		Category: "overdraw",
		Message: fmt.Sprintf("overdraw on %s: concurrent requests all read the total at %s before any of them inserts, all pass the check %s and all insert, together spending more than the balance; lock the parent row (SELECT ... FOR UPDATE) before summing, or enforce the balance in the database",
			key, at, check),
		Related: []analysis.RelatedInformation{{Pos: o.Sum.Pos, Message: "the total that decides this insert"}},
	}
}

// hasDefault reports a column the schema gives a DEFAULT.
func hasDefault(cat *schema.Catalog, table, col string) bool {
	t := cat.Table(table)
	if t == nil {
		return false
	}
	c, ok := t.Column(col)
	return ok && c.Default != ""
}
