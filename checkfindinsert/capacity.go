package checkfindinsert

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/schema"
	"github.com/idemvet/idemvet/passes/sqltext"
	"github.com/idemvet/idemvet/passes/txscope"
)

// limitDecision is a capacity check of fn and its If.
type limitDecision struct {
	dbcall.Limit
	ifi *ssa.If
}

// limitsOf lists the branches of fn comparing a count with a bound.
func limitsOf(db *dbcall.Result, fn *ssa.Function) []limitDecision {
	var out []limitDecision
	for ifi := range ssautil.Branches(fn) {
		if l, ok := db.Limit(ifi); ok {
			out = append(out, limitDecision{l, ifi})
		}
	}
	return out
}

// checkCapacity reports an insert into the table a count read, run only
// when the count is below a bound, with nothing serializing the writers:
// concurrent requests all count below the limit and all insert. No unique
// constraint prevents it; a lock on the parent row taken before the count,
// SERIALIZABLE, or the database enforcing the limit does.
func checkCapacity(pass *analysis.Pass, reach *ssautil.Reach, txs *txscope.Result, cat *schema.Catalog, fi *dbcall.FuncInfo, limits []limitDecision, ins *dbcall.Access) (analysis.Diagnostic, bool) {
	for _, l := range limits {
		count := l.Access
		if count.Table != ins.Table || count.Call == ins.Call {
			continue
		}
		d := decision{Decision: dbcall.Decision{Access: count, Found: 1 - l.Under}, ifi: l.ifi}
		if !decides(reach, d, ins.Call) {
			continue
		}
		cols, ok := countKey(cat, count, ins)
		if !ok || capacitySafe(txs, fi, count, ins) {
			continue
		}
		return capacityDiagnostic(pass, count, ins, cols), true
	}
	return analysis.Diagnostic{}, false
}

// countKey reports whether the insert adds a row the count counts: every
// equality column of the count's WHERE is inserted with the same value, or
// left to a column DEFAULT that equals the count's constant. A count with
// no equality predicate counts the whole table.
func countKey(cat *schema.Catalog, count, ins *dbcall.Access) ([]string, bool) {
	keys := count.KeyColumns()
	for _, k := range keys {
		w, _ := count.WhereColumn(k)
		s, ok := ins.SetColumn(k)
		if !ok {
			if !defaultMatches(cat, ins.Table, k, w) {
				return nil, false
			}
			continue
		}
		known := !w.Value.IsZero() && !s.Value.IsZero()
		if known && !w.Value.Same(s.Value) {
			return nil, false
		}
		if w.Const != "" && s.Const != "" && normConst(w.Const) != normConst(s.Const) {
			return nil, false
		}
		if (count.Heuristic || ins.Heuristic) && !known {
			return nil, false
		}
	}
	return keys, true
}

// capacitySafe reports what serializes the counting writers: a
// SERIALIZABLE transaction holding both, an advisory lock before the count,
// a row lock on another table (the parent: the team before its members)
// or LOCK TABLE earlier in the transaction. ON CONFLICT and unique
// violations do not: the rows differ.
func capacitySafe(txs *txscope.Result, fi *dbcall.FuncInfo, count, ins *dbcall.Access) bool {
	for _, a := range fi.Accesses {
		if len(a.Advisory) > 0 && ssautil.Before(a.Call, count.Call) {
			return true
		}
	}
	tx := txs.Of(ins)
	if tx == nil || txs.Of(count) != tx {
		return false
	}
	if tx.Serializable() {
		return true
	}
	for _, a := range tx.Accesses {
		if a == count || a.Pos >= ins.Pos && a.Fn == ins.Fn {
			continue
		}
		if a.Lock != sqltext.LockNone && a.Table != ins.Table {
			return true
		}
		if a.Stmt != nil && a.Stmt.Kind == sqltext.KindLockTable {
			return true
		}
	}
	return false
}

func capacityDiagnostic(pass *analysis.Pass, count, ins *dbcall.Access, cols []string) analysis.Diagnostic {
	at := analysisutil.Position(pass.Fset, count.Pos)
	if count.Via != nil {
		at = fmt.Sprintf("%s (by %s)", at, count.Via.Callees[0])
	}
	key := ins.Table
	if len(cols) > 0 {
		key += "(" + strings.Join(cols, ", ") + ")"
	}
	return analysis.Diagnostic{
		Pos:      ins.Pos,
		Category: "capacity",
		Message: fmt.Sprintf("count-then-insert on %s: concurrent requests all count below the limit at %s and all insert, exceeding it, which no unique constraint prevents; lock the parent row (SELECT ... FOR UPDATE) before counting, or enforce the limit in the database",
			key, at),
		Related: []analysis.RelatedInformation{{Pos: count.Pos, Message: "the count that decides this insert"}},
	}
}

// defaultMatches reports whether the schema gives column col of table a
// DEFAULT equal to the constant the lookup compares it with: the insert
// that leaves state out writes 'open', the value the lookup asked for.
func defaultMatches(cat *schema.Catalog, table, col string, w dbcall.Binding) bool {
	if w.Const == "" || w.Op != "=" {
		return false
	}
	t := cat.Table(table)
	if t == nil {
		return false
	}
	c, ok := t.Column(col)
	if !ok || c.Default == "" {
		return false
	}
	return normConst(c.Default) == normConst(w.Const)
}

// normConst normalizes an SQL or Go constant for comparison: quotes, a
// ::type cast and case of booleans removed.
func normConst(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, "::"); i >= 0 {
		s = s[:i]
	}
	s = strings.Trim(strings.TrimSpace(strings.Trim(s, "()")), `'"`)
	switch strings.ToLower(s) {
	case "true", "false", "null":
		return strings.ToLower(s)
	}
	return s
}
