package noversion

import (
	_ "embed"
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/report"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/entry"
	"github.com/idemvet/idemvet/passes/netcall"
	"github.com/idemvet/idemvet/passes/schema"
	"github.com/idemvet/idemvet/passes/sqltext"
	"github.com/idemvet/idemvet/passes/txscope"
)

//go:embed doc.go
var doc string

// Analyzer reports unversioned updates and ignored compare-and-set results.
var Analyzer = &analysis.Analyzer{
	Name:     "noversion",
	Doc:      analysisutil.MustExtractDoc(doc, "noversion"),
	URL:      "https://github.com/idemvet/idemvet/blob/main/docs/noversion.md",
	Run:      analysisutil.Guard("noversion", run),
	Requires: []*analysis.Analyzer{dbcall.Analyzer, txscope.Analyzer, schema.Analyzer, entry.Analyzer, netcall.Analyzer},
}

// The -NAME.CATEGORY flags, one per category of report.Grades.
func init() { report.RegisterCategories(Analyzer) }

// versionColumns are the names of optimistic-locking columns.
var versionColumns = map[string]bool{"version": true, "lock_version": true, "revision": true, "row_version": true}

func run(pass *analysis.Pass) (any, error) {
	db := pass.ResultOf[dbcall.Analyzer].(*dbcall.Result)
	if db.Err != nil {
		return nil, nil // the model failed here: stay silent, even about directives
	}
	rep := report.New(pass)
	defer rep.Finish() // stale and malformed //idemvet:ignore directives
	if len(db.Funcs) == 0 {
		return nil, nil
	}
	txs := pass.ResultOf[txscope.Analyzer].(*txscope.Result)
	cat, _ := pass.ResultOf[schema.Analyzer].(*schema.Catalog)
	nc, _ := pass.ResultOf[netcall.Analyzer].(*netcall.Result)
	versioned, counters := versionedTables(db)
	ent := pass.ResultOf[entry.Analyzer].(*entry.Result)
	guardsReported := map[string]bool{} // the check and column of each staleguard finding
	deletesReported := map[token.Pos]bool{}
	for _, fi := range db.Funcs {
		if rep.Generated(fi.Fn.Pos()) {
			continue
		}
		if ent.Concurrent(fi.Fn).Answer == entry.No {
			continue // runs once (main, init, a command): no concurrent writer of its own
		}
		for _, a := range fi.Accesses {
			if a.Kind == dbcall.KindDelete && a.Table != "" && a.Table != "redis" && a.Table != "file" {
				if d, ok := checkStaleDelete(pass, db, txs, a); ok && !deletesReported[d.Pos] {
					// A callee's delete is reported once, for the first
					// of its callers that does work after it.
					deletesReported[d.Pos] = true
					rep.Report(d)
				}
				continue
			}
			if a.Kind != dbcall.KindUpdate || a.Table == "" || a.Table == "redis" {
				continue
			}
			if a.Heuristic {
				// Guessed from a repository method's name (UpdateUser(ctx,
				// u)): its WHERE, its version check and what it does with
				// 0 rows are the implementation's, out of view.
				continue
			}
			if d, ok := checkVersion(pass, db, txs, cat, versioned, counters, a); ok {
				rep.Report(d)
				continue
			}
			if d, ok := checkRows(pass, db, nc, txs, cat, a); ok {
				rep.Report(d)
				continue
			}
			if d, ok := checkMarkedFound(pass, db, txs, a); ok {
				rep.Report(d)
				continue
			}
			if ds := checkStaleGuard(pass, db, nc, txs, ent, a); len(ds) > 0 {
				// One finding per check: the later updates it decides
				// (the delivery marked processing, then discarded, then
				// failed) follow from the first. A write decided by a
				// second check too is reported on that one (the order
				// paid twice after its owner was set on the first check).
				for _, d := range ds {
					if k := guardKey(d); !guardsReported[k] {
						guardsReported[k] = true
						rep.Report(d)
						break
					}
				}
				continue
			}
			// A versioned table's updates are checkVersion's; the schema is
			// asked only about a write that would be reported (under go
			// vet, each package's run that asks reads the module's files).
			if d, ok := checkStaleRow(pass, db, txs, a); ok && !isVersioned(cat, versioned, a.Table) {
				rep.Report(d)
			}
		}
	}
	return nil, nil
}

// guardKey identifies what a staleguard finding is about: the read whose
// value was checked, and the message's table and column (one read checked
// by status == 'processing' || status == 'success' is one check).
func guardKey(d analysis.Diagnostic) string {
	if len(d.Related) < 2 {
		return fmt.Sprint(d.Pos)
	}
	subject := d.Message
	if i := strings.Index(subject, ":"); i >= 0 {
		subject = subject[:i]
	}
	return fmt.Sprint(d.Related[1].Pos) + " " + subject
}

// versioned records a table's version column and where the model learned
// that the table is versioned.
type versioned struct {
	column string
	how    string // "model", or "other updates of T check version"
	// protects are the columns the versioned writers in view set (their
	// version check protects them); nil when every column counts (a
	// model or schema version and no versioned writer in view, or a
	// versioned writer of the whole row).
	protects map[string]bool
	all      bool
}

// versionedTables collects the tables known to be versioned: written by a
// model with a version field, or updated somewhere (here or in a called
// repository) with a version predicate.
//
// counters are the tables some update bumps a version column of without
// checking it (SET version = version + 1 WHERE id = $1): there the column
// counts changes, and no writer in view uses it as a lock.
func versionedTables(db *dbcall.Result) (map[string]versioned, map[string]bool) {
	out := map[string]versioned{}
	counters := map[string]bool{}
	for _, fi := range db.Funcs {
		for _, a := range fi.Accesses {
			if a.Table == "" {
				continue
			}
			if a.Kind == dbcall.KindUpdate && a.VersionColumn == "" {
				for _, st := range a.Set {
					if _, checks := a.WhereColumn(st.Column); versionColumns[st.Column] && st.Class == sqltext.AssignAtomic && !checks {
						counters[a.Table] = true
					}
				}
			}
			v, known := out[a.Table]
			switch {
			case a.VersionColumn != "" && v.how != "model":
				v.column, v.how = a.VersionColumn, "model"
			case !known:
				if a.Kind != dbcall.KindUpdate {
					continue
				}
				for _, w := range a.Where {
					if versionColumns[w.Column] && w.Op == "=" {
						v.column, v.how = w.Column, "other updates of "+a.Table+" check "+w.Column
						break
					}
				}
				if v.column == "" {
					continue
				}
			}
			if a.Kind == dbcall.KindUpdate {
				if _, checks := a.WhereColumn(v.column); checks {
					v.protect(a)
				}
			}
			out[a.Table] = v
		}
	}
	return out, counters
}

// protect adds the columns a versioned writer sets to the ones its
// version check protects.
func (v *versioned) protect(a *dbcall.Access) {
	if a.Method == "Save" && a.Via == nil {
		v.all = true // the whole row
		return
	}
	for _, s := range a.Set {
		if s.Column == "" {
			v.all = true // a column the summary could not name
			return
		}
		if versionColumns[s.Column] || isBookkeeping(s.Column) {
			continue
		}
		if v.protects == nil {
			v.protects = map[string]bool{}
		}
		v.protects[s.Column] = true
	}
}

// overlaps reports whether the update a sets a column the table's
// versioned writers protect: an unversioned write of columns no versioned
// writer touches (an archive flag, a last-seen time) clobbers nothing the
// version guards. With no versioned writer in view (a model's or the
// schema's version alone), every column counts.
func (v versioned) overlaps(a *dbcall.Access) bool {
	if v.all || len(v.protects) == 0 {
		return true
	}
	for _, s := range a.Set {
		if s.Column == "" || v.protects[s.Column] {
			return true
		}
	}
	return false
}

// isVersioned reports whether the schema or the model says table has a
// version column.
func isVersioned(cat *schema.Catalog, tables map[string]versioned, table string) bool {
	if t := cat.Table(table); t != nil && t.Version != "" {
		return true
	}
	_, ok := tables[table]
	return ok
}

// checkVersion reports an update of a versioned table that omits the
// version predicate or does not bump the version.
func checkVersion(pass *analysis.Pass, db *dbcall.Result, txs *txscope.Result, cat *schema.Catalog, tables map[string]versioned, counters map[string]bool, a *dbcall.Access) (analysis.Diagnostic, bool) {
	// What the access is decides first (under go vet, the schema is read
	// from the module's files by each package's run that asks): through a
	// repository or query of another package, the hazard is in that
	// function, reported there; generated code is the exception, as its
	// callers chose the query.
	if a.Via != nil && !a.Generated {
		return analysis.Diagnostic{}, false
	}
	if a.SoftDelete() {
		return analysis.Diagnostic{}, false // status = 'deleted': the row's end, nothing of a concurrent edit to keep
	}
	if !writesAppData(a) {
		return analysis.Diagnostic{}, false // SET c = c + 1, SET deleted_at = now(): nothing read is overwritten
	}
	// The schema (read only for tables the code updates), then the models
	// and the other statements.
	v, ok := versioned{}, false
	if t := cat.Table(a.Table); t != nil && t.Version != "" {
		v, ok = versioned{column: t.Version, how: "model"}, true
		if _, inView := tables[a.Table]; !inView && !versionUsed(db, a.Table, t.Version) {
			// The schema names a version column that no code in view
			// reads, checks or sets: nothing here can compare it, so it
			// is no optimistic lock of this code.
			return analysis.Diagnostic{}, false
		}
	} else {
		v, ok = tables[a.Table]
	}
	if !ok || cat.Table(a.Table).Identifies(v.column) {
		// No version, or one that names the row (UNIQUE (user_id,
		// version)): no optimistic lock.
		return analysis.Diagnostic{}, false
	}
	p, inView := tables[a.Table]
	if inView && !p.overlaps(a) {
		return analysis.Diagnostic{}, false // sets only columns no versioned writer protects: nothing of theirs to clobber
	}
	if counters[a.Table] && (!inView || len(p.protects) == 0 && !p.all) {
		// A version column the schema names, bumped by writers that never
		// check it: a change counter, not an optimistic lock.
		return analysis.Diagnostic{}, false
	}
	if lockedFirst(txs, a) {
		return analysis.Diagnostic{}, false
	}
	_, checks := a.WhereColumn(v.column)
	bump, bumps := a.SetColumn(v.column)
	if checks && bumps && (bump.Class == sqltext.AssignAtomic || bump.Class == sqltext.AssignParam) {
		return analysis.Diagnostic{}, false
	}
	what := whatUpdate(a)
	if checks {
		return analysis.Diagnostic{
			Pos: a.Pos, Category: "nobump",
			Message: fmt.Sprintf("%s checks %s but does not bump it: the next writer with the same %s overwrites this change; SET %s = %s + 1",
				what, v.column, v.column, v.column, v.column),
		}, true
	}
	fix := fmt.Sprintf("add AND %s = $n, bump %s, and treat 0 rows affected as a conflict", v.column, v.column)
	if a.Lib == apis.LibGorm {
		fix = fmt.Sprintf("use gorm.io/plugin/optimisticlock's Version for %s and check RowsAffected, or add Where(\"%s = ?\", old) and bump it", v.column, v.column)
	}
	source := ""
	if v.how != "model" {
		source = " (" + v.how + ")"
	}
	return analysis.Diagnostic{
		Pos: a.Pos, Category: "missingpredicate",
		Message: fmt.Sprintf("%s without a version check%s: concurrent edits overwrite each other silently; %s", what, source, fix),
	}, true
}

// versionUsed reports whether some access in view reads the version
// column of table (by name or as every column), compares it, or sets it:
// the code has the value an optimistic check needs.
func versionUsed(db *dbcall.Result, table, col string) bool {
	for _, fi := range db.Funcs {
		for _, a := range fi.Accesses {
			if a.Table != table {
				continue
			}
			if a.VersionColumn == col {
				return true
			}
			for _, r := range a.Reads {
				if r.Column == col || r.Column == "*" {
					return true
				}
			}
			if _, ok := a.WhereColumn(col); ok {
				return true
			}
			if _, ok := a.SetColumn(col); ok {
				return true
			}
		}
	}
	return false
}

// whatUpdate names an update for messages.
func whatUpdate(a *dbcall.Access) string {
	if a.Via == nil && a.Method == "Save" {
		return "gorm Save of " + a.Table
	}
	if a.Via != nil {
		return fmt.Sprintf("update of %s by %s", a.Table, a.Via.Callees[len(a.Via.Callees)-1])
	}
	return "update of " + a.Table
}

// writesAppData reports whether the update writes a value from the
// application (the kind of write that overwrites a concurrent edit).
func writesAppData(a *dbcall.Access) bool {
	for _, s := range a.Set {
		if s.Class == sqltext.AssignParam || s.Class == sqltext.AssignOther {
			if !versionColumns[s.Column] {
				return true
			}
		}
	}
	return false
}

// lockedFirst reports a locking read of the table earlier in the update's
// transaction: pessimistic locking instead of a version.
func lockedFirst(txs *txscope.Result, a *dbcall.Access) bool {
	tx := txs.Of(a)
	if tx == nil {
		return false
	}
	for _, r := range tx.Accesses {
		if r.Table == a.Table && (r.Lock == sqltext.LockUpdate || r.Lock == sqltext.LockNoKeyUpdate) && r.Pos < a.Pos {
			return true
		}
	}
	return false
}

// checkRows reports a compare-and-set update whose affected-row count is
// never examined.
func checkRows(pass *analysis.Pass, db *dbcall.Result, nc *netcall.Result, txs *txscope.Result, cat *schema.Catalog, a *dbcall.Access) (analysis.Diagnostic, bool) {
	guard, ok := casGuard(a)
	if !ok || a.RowsChecked || a.RowsReturned >= 0 || a.ResultReturned >= 0 {
		return analysis.Diagnostic{}, false
	}
	if lockedFirst(txs, a) {
		// SELECT ... FOR UPDATE of the table earlier in the transaction
		// (here or in a helper): the row is held, and the state the
		// predicate re-states cannot change under it.
		return analysis.Diagnostic{}, false
	}
	if a.Via == nil && db.LastAct(a) {
		// The last thing a function with no results does ("put the task
		// back to pending if it is still running"): nobody is told it
		// happened, and nothing goes on as if it had.
		return analysis.Diagnostic{}, false
	}
	if (a.SoftDelete() || a.Revokes() || a.Acknowledges()) && !actsAfter(db, nc, a, removal) {
		// A soft delete (status published → deleted), a revoke (SET
		// active = false WHERE ... AND active = true) or an acknowledgement
		// (SET read = true WHERE ... AND read = false) matching 0 rows: a
		// concurrent delete, revoke or read won, and the row is as this
		// request wanted it. Only an effect after it (a write, a send) assumes
		// this request made the transition; the cascade of a delete (the
		// rows hanging off it soft-deleted, revoked or deleted in turn)
		// matches nothing for the loser either, and assumes nothing.
		return analysis.Diagnostic{}, false
	}
	// Through a repository: the repository dropped the count (and is
	// reported in its own package) unless it is generated code or hands
	// the count back (then a.RowsAffected holds it here, unexamined).
	if a.Via != nil && !a.Generated && len(a.RowsAffected) == 0 && len(a.ResultObjs) == 0 {
		return analysis.Diagnostic{}, false
	}
	if manyRows(cat, a) {
		// The schema names the table's keys and the WHERE pins none of
		// them (SET verified_at = $1 WHERE email = $2 AND kind = $3 AND
		// verified_at IS NULL, with verifications unique on key): a bulk
		// update, "invalidate the earlier codes for this address". Zero
		// rows means there were none left, not that a racer won. Asked
		// last: under go vet, asking reads the module's schema files.
		return analysis.Diagnostic{}, false
	}
	fix := "check RowsAffected and treat 0 as a conflict"
	if a.Via != nil && a.Generated && a.Command == ":exec" {
		fix = fmt.Sprintf("declare the query :execrows and treat 0 rows as a conflict (%s is :exec, so callers cannot know)", a.Via.Callees[len(a.Via.Callees)-1])
	}
	return analysis.Diagnostic{
		Pos: a.Pos, Category: "rowsaffectedunchecked",
		Message: fmt.Sprintf("compare-and-set on %s.%s ignores rows affected: when 0 rows match, another writer got there first and this update did nothing; %s",
			a.Table, guard, fix),
	}, true
}

// casGuard returns the column of an update's guard predicate: beside a
// predicate naming one row (id = $1), a condition on the state the update
// changes (status = 'searching' with SET status, held_until < now() with SET
// held_until, balance >= $2 with SET balance), or a version predicate.
// Bulk updates (user_id = $1 AND status = 'unread') and touches of other
// columns are not compare-and-sets: zero rows there is no lost race.
func casGuard(a *dbcall.Access) (string, bool) {
	if a.Stmt != nil && len(a.Stmt.From) > 1 {
		return "", false // UPDATE ... FROM: a join update of many rows
	}
	if !bindsGoValue(a) {
		return "", false // all constants: a data fix, done once or already done
	}
	hasKey := false
	guard := ""
	for _, w := range a.Where {
		if w.Column != "" && w.Op == "IS NULL" && guard == "" && setsNonNull(a, w.Column) {
			// SET used_at = $1 WHERE id = $2 AND used_at IS NULL: a
			// one-time consumption (a code, a token, a claim); zero rows
			// means another request consumed it first.
			guard = w.Column
			continue
		}
		if w.Column == "" || w.Value.IsZero() && w.Const == "" && w.Expr != "optimisticlock" {
			continue // opaque, or compared with another column
		}
		switch {
		case w.Op == "=" && isRowKey(a.Table, w.Column):
			hasKey = true
		case versionColumns[w.Column] && w.Op == "=":
			guard = w.Column
		case w.Op == "IS NULL" || w.Op == "IS NOT NULL":
			// deleted_at IS NULL scopes rather than guards; holder IS NOT
			// NULL with SET holder = NULL is a release
		default:
			// "AND c IS DISTINCT FROM $new" with SET c = $new skips a
			// write that changes nothing: zero rows is not a lost race.
			s, set := a.SetColumn(w.Column)
			if !set || guard != "" || s.Value.Same(w.Value) && (w.Op == "<>" || strings.Contains(w.Op, "DISTINCT")) {
				continue
			}
			// "SET holder = NULL WHERE name = $1 AND holder = $2": a
			// release of what the caller still holds (a lock, a claim,
			// a pending change). Zero rows means it is no longer the
			// caller's, and there is nothing to undo.
			if w.Op == "=" && !w.Value.IsZero() && isClearing(s) {
				continue
			}
			guard = w.Column
		}
	}
	return guard, hasKey && guard != ""
}

// setsNonNull reports an update that assigns col a value that is not
// NULL.
func setsNonNull(a *dbcall.Access, col string) bool {
	s, ok := a.SetColumn(col)
	return ok && !isClearing(s)
}

// isClearing reports an assignment that empties the column: NULL, the
// empty string, or a nil or empty Go value.
func isClearing(s dbcall.Binding) bool {
	for _, t := range []string{s.Const, s.Expr} {
		switch strings.ToUpper(strings.TrimSpace(t)) {
		case "NULL", "''":
			return true
		}
	}
	if c, ok := s.Value.Root.(*ssa.Const); ok && s.Value.Path == "" {
		return c.Value == nil || c.Value.ExactString() == `""`
	}
	return false
}

// bindsGoValue reports whether any column of the update is bound to a
// value of the program.
func bindsGoValue(a *dbcall.Access) bool {
	for _, b := range append(append([]dbcall.Binding(nil), a.Where...), a.Set...) {
		if !b.Value.IsZero() {
			if _, isConst := b.Value.Root.(*ssa.Const); !isConst {
				return true
			}
		}
	}
	return false
}

// manyRows reports an update whose WHERE compares for equality no set of
// columns that the schema (or the model's tags) keeps unique, on a table
// whose keys the schema knows: it may match many rows. isRowKey's names
// (email, code, token) guess a key; the schema knows. A partial unique
// index counts whatever its predicate, so that an index on the live row
// of a key (UNIQUE (email) WHERE verified_at IS NULL) still names one row.
func manyRows(cat *schema.Catalog, a *dbcall.Access) bool {
	t := cat.Table(a.Table)
	if t == nil || len(t.Keys()) == 0 {
		return false // not in the schema, or its keys not read: trust the names
	}
	var cols []string
	for _, w := range a.Where {
		if w.Column != "" && w.Op == "=" && (!w.Value.IsZero() || w.Const != "") {
			cols = append(cols, w.Column)
		}
	}
	for _, set := range a.ModelUniques {
		if subsetOf(set, cols) {
			return false
		}
	}
	_, one := t.Covering(cols, func([]sqltext.Cond) bool { return true })
	return !one
}

// subsetOf reports whether every column of set is among cols (set
// non-empty), without regard to case.
func subsetOf(set, cols []string) bool {
	for _, c := range set {
		if !slices.ContainsFunc(cols, func(x string) bool { return strings.EqualFold(x, c) }) {
			return false
		}
	}
	return len(set) > 0
}

// isRowKey reports columns that name a single row: the primary key by its
// usual names, the table's own "<singular>_id", and common natural keys.
// Foreign keys (user_id on entries) select many rows.
func isRowKey(table, col string) bool {
	switch col {
	case "id", "uuid", "key", "code", "slug", "email", "sku", "job_name", "token":
		return true
	}
	singular := strings.TrimSuffix(table, "s")
	return col == singular+"_id" || col == singular+"_key" || col == singular+"_uuid"
}

// removal reports a write that only removes rows: a DELETE, a soft
// delete or a revoke. Repeated by the loser of a race, it matches nothing.
func removal(b *dbcall.Access) bool {
	return b.Kind == dbcall.KindDelete || b.SoftDelete() || b.Revokes()
}

// actsAfter reports a write (here or in a callee) or a network call
// that can run after the access in its function: work that goes on as if
// the access had matched its row.
func actsAfter(db *dbcall.Result, nc *netcall.Result, a *dbcall.Access, except func(*dbcall.Access) bool) bool {
	if a.Call == nil {
		return true
	}
	never := func(ssa.Instruction) bool { return false }
	if fi := db.Func(a.Fn); fi != nil {
		for _, b := range fi.Accesses {
			if b == a || b.Call == nil || b.Call == a.Call {
				continue
			}
			if except != nil && except(b) {
				continue
			}
			if (b.Kind.IsWrite() || len(b.Advisory) > 0) && ssautil.ReachesWithout(a.Call, b.Call, never) {
				return true
			}
		}
	}
	if nc != nil && nc.Err == nil {
		if fi := nc.Func(a.Fn); fi != nil {
			for _, c := range fi.Calls {
				if ssautil.ReachesWithout(a.Call, c.Instr, never) {
					return true
				}
			}
		}
	}
	return false
}
