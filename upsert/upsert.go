package upsert

import (
	_ "embed"
	"fmt"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/lazyregexp"
	"github.com/idemvet/idemvet/internal/report"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/schema"
	"github.com/idemvet/idemvet/passes/sqltext"
)

//go:embed doc.go
var doc string

// Analyzer reports upserts that are not the retry-safe write they look
// like.
var Analyzer = &analysis.Analyzer{
	Name:     "upsert",
	Doc:      analysisutil.MustExtractDoc(doc, "upsert"),
	URL:      "https://github.com/idemvet/idemvet/blob/main/docs/upsert.md",
	Run:      analysisutil.Guard("upsert", run),
	Requires: []*analysis.Analyzer{dbcall.Analyzer, schema.Analyzer},
}

func init() { report.RegisterCategories(Analyzer) }

// The categories, most severe first: one finding per statement, the first
// that applies.
const (
	catTarget    = "target"
	catReplace   = "replace"
	catReset     = "reset"
	catCreation  = "creation"
	catUpdateAll = "updateall"
)

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
	cat, _ := pass.ResultOf[schema.Analyzer].(*schema.Catalog)
	for _, fi := range db.Funcs {
		if rep.Generated(fi.Fn.Pos()) {
			continue
		}
		for _, a := range fi.Accesses {
			if a.Kind != dbcall.KindInsert || a.Upsert == nil || a.Table == "" {
				continue
			}
			// Through a repository of another package the statement is
			// reported there, where it is written; generated code is the
			// exception, as its callers chose the query.
			if a.Via != nil && !a.Generated {
				continue
			}
			u := &upsert{pass: pass, a: a, cat: cat}
			for _, check := range []func() (analysis.Diagnostic, bool){u.checkTarget, u.checkReplace, u.checkReset, u.checkCreation, u.checkUpdateAll} {
				if d, ok := check(); ok {
					rep.Report(d)
					break
				}
			}
		}
	}
	return nil, nil
}

// schemaTable returns the schema's table the insert writes, nil when the
// schema does not know it or knows it only from a model or in part.
func (u *upsert) schemaTable() *schema.Table {
	if !u.tableRead {
		u.tableRead = true
		if t := u.cat.Table(u.a.Table); t != nil && !t.FromModel && !t.Partial {
			u.table = t
		}
	}
	return u.table
}

// upsert is one insert with a conflict clause under examination.
type upsert struct {
	pass *analysis.Pass
	a    *dbcall.Access
	cat  *schema.Catalog
	// table is the schema's table (nil when the schema does not know it),
	// looked up when a check first asks: under go vet, each package's run
	// that asks reads the module's schema files.
	table     *schema.Table
	tableRead bool
}

func (u *upsert) diag(category, format string, args ...any) (analysis.Diagnostic, bool) {
	return analysis.Diagnostic{Pos: u.a.Pos, Category: category, Message: fmt.Sprintf(format, args...)}, true
}

// gorm reports an upsert gorm writes from clause.OnConflict.
func (u *upsert) gorm() bool { return u.a.Lib == apis.LibGorm && u.a.Stmt == nil }

// bunAll reports bun's On("CONFLICT (...) DO UPDATE") without a Set: bun
// writes a SET of every column it inserts.
func (u *upsert) bunAll() bool { return u.a.Lib == apis.LibBun && u.a.Upsert.UpdateAll }

// updateList is what the fix calls the DO UPDATE list.
func (u *upsert) updateList() string {
	switch {
	case u.gorm():
		return "DoUpdates"
	case u.bunAll():
		return "the SET bun writes for every column (list the others with Set)"
	case u.a.Lib == apis.LibEnt && u.a.Upsert.NewValues:
		return "DO UPDATE (UpdateNewValues updates every field the create sets: call Update<Field>() for the others instead)"
	case u.a.Upsert.Action == sqltext.ConflictDuplicateKeyUpdate:
		return "ON DUPLICATE KEY UPDATE"
	}
	return "DO UPDATE"
}

// checkUpdateAll reports gorm's clause.OnConflict{UpdateAll: true}:
//
//	db.Clauses(clause.OnConflict{UpdateAll: true}).Create(&order)
func (u *upsert) checkUpdateAll() (analysis.Diagnostic, bool) {
	up := u.a.Upsert
	if !up.UpdateAll || up.Action != sqltext.ConflictDoUpdate && up.Action != sqltext.ConflictDuplicateKeyUpdate {
		return analysis.Diagnostic{}, false
	}
	// The columns others could have changed: not the target, not the
	// update time gorm sets anyway.
	var others []string
	for _, c := range up.UpdateAllColumns {
		if !contains(up.Target, c) && c != "updated_at" {
			others = append(others, c)
		}
	}
	if up.UpdateAllColumns != nil && len(others) <= 1 {
		return analysis.Diagnostic{}, false // a key and one value: UpdateAll is the explicit list
	}
	cols := ""
	if len(others) > 0 {
		cols = " (" + join(clipList(others, 4)) + ")"
	}
	if u.a.Lib == apis.LibBun {
		return u.diag(catUpdateAll, "upsert with DO UPDATE and no Set on %s(%s): bun sets every column of the model from this insert, so a retried or duplicate insert overwrites the existing row%s, undoing changes made since; list the columns meant to change with Set(\"col = EXCLUDED.col\")",
			u.a.Table, strings.Join(targetOrKey(up), ", "), cols)
	}
	return u.diag(catUpdateAll, "upsert with UpdateAll on %s(%s): a retried or duplicate insert overwrites every column of the existing row%s with this insert's values, undoing changes made since; update only the columns meant to change, with DoUpdates: clause.AssignmentColumns([]string{...})",
		u.a.Table, strings.Join(targetOrKey(up), ", "), cols)
}

func targetOrKey(up *dbcall.Upsert) []string {
	if len(up.Target) > 0 {
		return up.Target
	}
	if up.Constraint != "" {
		return []string{up.Constraint}
	}
	return []string{"its key"}
}

// checkReset reports a DO UPDATE that writes a column back to a constant
// initial value the insert gives it:
//
//	INSERT INTO orders (id, status) VALUES ($1, 'pending')
//	ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status
//
// The value the caller passes (a placeholder) is the caller's new data, as
// in sync and refresh upserts, and stays silent.
func (u *upsert) checkReset() (analysis.Diagnostic, bool) {
	up := u.a.Upsert
	if up.UpdateWhere == "?" {
		return analysis.Diagnostic{}, false // a gorm Where the model does not read: it may guard the state
	}
	type reset struct{ col, value string }
	var resets []reset
	for _, s := range up.Set {
		if s.Atomic || contains(up.Target, s.Column) || contains(up.UpdateWhereColumns, s.Column) {
			continue // computed from the existing value, the key itself, or guarded by DO UPDATE ... WHERE
		}
		value := ""
		switch s.Class {
		case sqltext.UpsertProposed:
			v, ok := u.insertedConst(s.From)
			if !ok {
				continue // the caller's data, or not known
			}
			value = v
		case sqltext.UpsertConst:
			// c = 'pending' in DO UPDATE mirroring the 'pending' the
			// insert lists: the row restarts on every duplicate. A
			// constant the insert does not list (SET sent = false on a
			// resend) is a deliberate reset, and stays silent.
			v, from := u.a.Inserted(s.Column)
			if from != dbcall.InsertConst || !sameConst(v, s.Value) {
				continue
			}
			value = s.Value
		default:
			continue
		}
		if initial(s.Column, value) {
			resets = append(resets, reset{s.Column, value})
		}
	}
	if len(resets) == 0 {
		return analysis.Diagnostic{}, false
	}
	var parts []string
	for i, r := range resets {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("%d more", len(resets)-3))
			break
		}
		parts = append(parts, fmt.Sprintf("%s.%s to %s", u.a.Table, r.col, r.value))
	}
	first := resets[0]
	what := "transitions"
	fix := fmt.Sprintf("leave %s out of %s, or update it only WHERE %s.%s = %s", first.col, u.updateList(), u.a.Table, first.col, first.value)
	if counterLike(first.col) && isNumber(first.value) {
		what = "increments"
		if quantityColumn.MatchString(first.col) {
			what = "changes" // stock and balances move both ways
		}
		switch {
		case u.gorm():
			fix = fmt.Sprintf("add to it instead, with gorm.Expr(\"%s.%s + excluded.%s\")", u.a.Table, first.col, first.col)
		case up.Action == sqltext.ConflictDuplicateKeyUpdate:
			fix = fmt.Sprintf("add to it instead: %s = %s + VALUES(%s)", first.col, first.col, first.col)
		default:
			qual := u.a.Table
			if u.a.Stmt != nil && u.a.Stmt.Table.Alias != "" {
				qual = u.a.Stmt.Table.Alias // INSERT INTO t AS x: the existing row is x
			}
			fix = fmt.Sprintf("add to it instead: %s = %s.%s + EXCLUDED.%s", first.col, qual, first.col, first.col)
		}
	}
	d, _ := u.diag(catReset, "upsert resets %s when the row exists: a retried or duplicate insert undoes %s made since; %s",
		join(parts), what, fix)
	if len(resets) == 1 {
		if f, ok := u.addToExisting(first.col, first.value); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{f}
		}
	}
	return d, true
}

// insertedConst returns the constant the insert gives col: a literal or
// a Go constant, or, when it leaves col to its default, the default the
// schema declares (NULL when it declares none).
func (u *upsert) insertedConst(col string) (string, bool) {
	v, from := u.a.Inserted(col)
	switch from {
	case dbcall.InsertConst:
		return v, true
	case dbcall.InsertDefault:
		if u.schemaTable() == nil {
			return "", false
		}
		c, ok := u.schemaTable().Column(col)
		if !ok || u.schemaTable().GeneratedKey(col) != "" {
			return "", false
		}
		if c.Default == "" {
			return "NULL", true
		}
		return c.Default, true
	}
	return "", false
}

// sameConst reports whether two SQL constants are the same value as
// written ('queued' and 'queued'::job_state, FALSE and false).
func sameConst(a, b string) bool {
	norm := func(s string) string {
		s = strings.ToLower(strings.TrimSpace(s))
		if i := strings.Index(s, "::"); i > 0 {
			s = s[:i]
		}
		return s
	}
	return norm(a) == norm(b)
}

// initialStates are the string values that name where a state machine
// starts.
var initialStates = map[string]bool{
	"pending": true, "new": true, "queued": true, "enqueued": true, "created": true, "draft": true,
	"open": true, "init": true, "initial": true, "initialized": true, "waiting": true, "scheduled": true,
	"todo": true, "unread": true, "unseen": true, "unverified": true, "unconfirmed": true, "unpaid": true,
	"unprocessed": true, "not_started": true, "requested": true, "submitted": true, "available": true,
	"idle": true, "offline": true,
}

var (
	stateColumn   = lazyregexp.New(`^(status|state|phase|stage|step)$|_(status|state|phase|stage)$`)
	counterColumn = lazyregexp.New(`^(count|counter|attempts?|retries|retry_count|tries|failures|hits|views|uses|usage|balance|quantity|qty|stock|inventory|total|score|points|credits|version|revision|seq|sequence|position)$|_(count|counter|attempts|retries|tries|failures|hits|views|uses|total|balance|quantity|score|points|credits)$`)
	flagColumn    = lazyregexp.New(`^(is|has|was)_|^(verified|confirmed|processed|done|completed|read|seen|sent|delivered|paid|acknowledged|acked|published|locked|claimed|notified|approved|handled|consumed|finished|redeemed|used|claimed)$`)
	markerColumn  = lazyregexp.New(`^(completed|finished|processed|sent|delivered|paid|verified|confirmed|acknowledged|acked|locked|claimed|leased|started|approved|published|notified|read|seen|done|redeemed|consumed|handled|succeeded|failed|attempted|picked|dispatched|run|ran)_(at|by|until|on)$|^(locked_by|claimed_by|lease_owner|leased_by|worker_id|worker|owner_id|lock_token|lease_token)$`)
)

// initial reports whether value, written into col, is an initial value
// that undoes what other writers advanced: an initial state ('pending',
// 'queued' ...) in any column; 0 or 1 in a counter; FALSE in a flag; NULL
// in a progress marker (completed_at, locked_by ...).
func initial(col, value string) bool {
	col = strings.ToLower(col)
	v := strings.ToLower(strings.TrimSpace(value))
	if i := strings.Index(v, "::"); i > 0 {
		v = v[:i] // 'pending'::job_status
	}
	switch {
	case len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'':
		s := v[1 : len(v)-1]
		return initialStates[s] && (stateColumn.MatchString(col) || !markerColumn.MatchString(col))
	case v == "0" || v == "1" || v == "0.0":
		return counterColumn.MatchString(col) || flagColumn.MatchString(col) && v == "0"
	case v == "false" || v == "'f'":
		return flagColumn.MatchString(col)
	case v == "null":
		return markerColumn.MatchString(col)
	}
	return false
}

// quantityColumn matches the counters that move both ways.
var quantityColumn = lazyregexp.New(`(^|_)(balance|quantity|qty|stock|inventory|credits|points|score)$`)

func counterLike(col string) bool { return counterColumn.MatchString(strings.ToLower(col)) }

func isNumber(v string) bool {
	v = strings.TrimSpace(v)
	if v == "" {
		return false
	}
	for _, r := range v {
		if (r < '0' || r > '9') && r != '.' && r != '-' {
			return false
		}
	}
	return true
}

// creationColumns match the columns that record how a row came to be.
var creationColumn = lazyregexp.New(`(^|_)(created|inserted|first_seen|first_created|first_inserted)(_?(at|on|by|date|time|ts|timestamp|by_id|by_user_id))?$|^(date_created|creation_(time|date)|create_(time|date)|creator|creator_id|createdat|createdon|createdby|insertedat|firstseenat|first_seen_time|first_login_at|first_visit_at)$`)

// checkCreation reports a DO UPDATE that overwrites a creation column or
// the primary key:
//
//	ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, created_at = EXCLUDED.created_at
func (u *upsert) checkCreation() (analysis.Diagnostic, bool) {
	up := u.a.Upsert
	for _, s := range up.Set {
		if s.Atomic || s.Class == sqltext.UpsertOther || s.Class == sqltext.UpsertAccumulate || contains(up.Target, s.Column) {
			continue // COALESCE(t.created_at, ...), LEAST(...): the existing value is kept or weighed
		}
		if creationColumn.MatchString(s.Column) && u.insertTime(s) {
			d, _ := u.diag(catCreation, "upsert overwrites %s.%s when the row exists: a retried or duplicate insert rewrites when (or by whom) the row was created; leave %s out of %s",
				u.a.Table, s.Column, s.Column, u.updateList())
			if fix, ok := u.removeAssignment(s.Column); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
			return d, true
		}
		if u.schemaTable() != nil && len(up.Target) > 0 && contains(u.schemaTable().PrimaryKey, s.Column) && !sameSet(up.Target, u.schemaTable().PrimaryKey) &&
			!(assignedKey(s) && len(u.cat.ReferencedBy(u.a.Table)) == 0) {
			d, _ := u.diag(catCreation, "upsert overwrites the primary key %s.%s when the row exists (it conflicts on %s): rows referencing the old key are orphaned, or the update fails; leave %s out of %s",
				u.a.Table, s.Column, strings.Join(up.Target, ", "), s.Column, u.updateList())
			if fix, ok := u.removeAssignment(s.Column); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
			return d, true
		}
	}
	return analysis.Diagnostic{}, false
}

// assignedKey reports whether DO UPDATE gives the key a value of its own:
// the next value of a sequence (nextval('stream_id')) or one the
// application binds for the update (SET id = $5), not the insert's
// proposal copied back (EXCLUDED.id). That is a key renumbered on every
// write on purpose, the row's position in a stream its readers page
// through; it orphans nothing when no foreign key references the table.
func assignedKey(s dbcall.UpsertSet) bool {
	return s.Class == sqltext.UpsertParam || strings.HasPrefix(strings.ToLower(strings.TrimSpace(s.Value)), "nextval(")
}

// insertTime reports whether a creation column's DO UPDATE value is the
// insert's own: a constant (now(), CURRENT_TIMESTAMP), or the proposed
// value when the insert gives it a constant, its default, or leaves it to
// gorm (a model built here without the field: gorm fills in the time), or
// a placeholder bound to time.Now(). A value the caller passes stays
// silent: a sync writes the source's creation time, the same on every
// delivery.
func (u *upsert) insertTime(s dbcall.UpsertSet) bool {
	switch s.Class {
	case sqltext.UpsertConst:
		return true
	case sqltext.UpsertProposed:
		_, from := u.a.Inserted(s.From)
		switch from {
		case dbcall.InsertConst, dbcall.InsertDefault:
			return true
		case dbcall.InsertValue:
			return u.a.InsertedNow(s.From) // time.Now() from Go is the insert's own time, as now() is
		case dbcall.InsertUnknown:
			return u.gorm() && u.a.Upsert.Fresh
		}
	}
	return false
}

// checkReplace reports, with the schema, REPLACE INTO and INSERT OR
// REPLACE that lose something: a delete and an insert, not an update. A
// replace that lists every column of a table nothing references is a full
// overwrite (a key-value table, a cache) and stays silent, and so does a
// new generated id alone (bumping it can be the point: a change feed).
func (u *upsert) checkReplace() (analysis.Diagnostic, bool) {
	if u.a.Upsert.Action != sqltext.ConflictReplace || u.migration() || u.schemaTable() == nil {
		return analysis.Diagnostic{}, false
	}
	var lost, unlisted []string
	idChanges := ""
	if u.a.Stmt != nil && u.a.Stmt.Columns != nil {
		for _, c := range u.schemaTable().Columns {
			if _, from := u.a.Inserted(c.Name); from != dbcall.InsertDefault {
				continue
			}
			if g := u.schemaTable().GeneratedKey(c.Name); g != "" {
				idChanges = c.Name
				continue
			}
			unlisted = append(unlisted, c.Name)
		}
	}
	if len(unlisted) > 0 {
		lost = append(lost, join(clipList(unlisted, 3))+", which it does not list, "+plural(len(unlisted), "falls back to its default", "fall back to their defaults"))
	}
	if refs := u.cat.ReferencedBy(u.a.Table); len(refs) > 0 {
		lost = append(lost, "the rows of "+join(clipList(refs, 3))+" referencing it are deleted (ON DELETE CASCADE) or block it")
	}
	if len(lost) == 0 {
		return analysis.Diagnostic{}, false
	}
	if idChanges != "" {
		lost = append(lost, "its generated "+idChanges+" changes")
	}
	return u.diag(catReplace, "REPLACE INTO %s deletes the existing row and inserts a new one: %s; use INSERT ... ON DUPLICATE KEY UPDATE (MySQL) or INSERT ... ON CONFLICT (key) DO UPDATE SET (SQLite) with the columns to change",
		u.a.Table, strings.Join(lost, "; "))
}

// migration reports an access in a migration or seed, where REPLACE loads
// fixed data once: a package path segment, file or function whose name
// starts with migrat, seed or fixture, or a goose-style function (Up0003,
// upAddUsers, Down...).
func (u *upsert) migration() bool {
	fn := u.a.Fn
	if fn == nil {
		return false
	}
	var names []string
	if fn.Pkg != nil {
		names = append(names, strings.Split(fn.Pkg.Pkg.Path(), "/")...)
	}
	if f := u.pass.Fset.File(u.a.Pos); f != nil {
		names = append(names, filepath.Base(f.Name()))
	}
	if parent := fn.Parent(); parent != nil {
		fn = parent
	}
	names = append(names, fn.Name())
	for _, n := range names {
		l := strings.ToLower(n)
		if strings.HasPrefix(l, "migrat") || strings.HasPrefix(l, "seed") || strings.HasPrefix(l, "fixture") {
			return true
		}
	}
	return gooseFunc.MatchString(fn.Name())
}

// gooseFunc matches the names of goose's Go migrations.
var gooseFunc = lazyregexp.New(`^([Uu]p|[Dd]own)([0-9_]|[A-Z])`)

// checkTarget reports, with the schema, a conflict target the database
// rejects or a conflict that can never fire:
//
//	INSERT INTO users (email, name) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING   -- no unique index on users(name)
//	INSERT INTO events (payload) VALUES ($1) ON CONFLICT (id) DO NOTHING             -- id is a bigserial the insert does not supply
func (u *upsert) checkTarget() (analysis.Diagnostic, bool) {
	up := u.a.Upsert
	if u.a.Partial || up.TargetWhereUnknown || up.Action == sqltext.ConflictReplace {
		return analysis.Diagnostic{}, false
	}
	t := u.schemaTable()
	if t == nil {
		return analysis.Diagnostic{}, false
	}
	switch {
	case up.Constraint != "":
		key, exclusion, ok := t.Constraint(up.Constraint)
		if !ok && u.cat.OnceNamed(u.a.Table, up.Constraint) {
			return analysis.Diagnostic{}, false
		}
		if !ok {
			hint := "name one of its constraints, or give the key columns: ON CONFLICT (" + strings.Join(keyColumns(t), ", ") + ")"
			for _, k := range t.Keys() {
				if k.Index && strings.EqualFold(k.Name, up.Constraint) {
					hint = fmt.Sprintf("%s is a unique index, not a constraint: write ON CONFLICT (%s)", k.Name, strings.Join(k.Columns, ", "))
				}
			}
			return u.diag(catTarget, "ON CONFLICT ON CONSTRAINT %s names no constraint of %s: the database rejects the statement (constraint %q for table %q does not exist); %s",
				up.Constraint, u.a.Table, up.Constraint, u.a.Table, hint)
		}
		if exclusion {
			if up.Action == sqltext.ConflictDoUpdate {
				return u.diag(catTarget, "ON CONFLICT ON CONSTRAINT %s DO UPDATE on %s: %s is an exclusion constraint, and the database rejects DO UPDATE with one (ON CONFLICT DO UPDATE not supported with exclusion constraints); use DO NOTHING",
					up.Constraint, u.a.Table, up.Constraint)
			}
			return analysis.Diagnostic{}, false
		}
		return u.neverFires("ON CONSTRAINT "+up.Constraint, key)
	case len(up.Target) > 0:
		var where []sqltext.Cond
		if up.TargetWhere != "" {
			f := sqltext.ParseCondition(up.TargetWhere)
			if f.Partial {
				return analysis.Diagnostic{}, false
			}
			where = f.Conds
		}
		key, found, sure := t.Arbiter(up.Target, func(pred []sqltext.Cond, _ string) (bool, bool) {
			return schema.Implies(where, pred)
		})
		if !found {
			if !sure {
				return analysis.Diagnostic{}, false
			}
			hint := fmt.Sprintf("add a UNIQUE constraint on %s(%s), or target one of its keys", u.a.Table, strings.Join(up.Target, ", "))
			for _, k := range t.Keys() {
				if (k.WhereText != "" || len(k.Where) > 0) && sameSet(k.Columns, up.Target) {
					hint = fmt.Sprintf("the unique index %s is partial: repeat its predicate in the target, ON CONFLICT (%s) WHERE %s", k.Name, strings.Join(up.Target, ", "), k.WhereText)
					break
				}
			}
			if ks := keyList(t); ks != "" && !strings.Contains(hint, "partial") {
				hint += " (" + ks + ")"
			}
			return u.diag(catTarget, "ON CONFLICT (%s) matches no unique index or constraint of %s: the database rejects the statement (there is no unique or exclusion constraint matching the ON CONFLICT specification); %s",
				strings.Join(up.Target, ", "), u.a.Table, hint)
		}
		return u.neverFires("("+strings.Join(up.Target, ", ")+")", key)
	default:
		// DO NOTHING without a target, INSERT IGNORE, ON DUPLICATE KEY
		// UPDATE: any key conflicts. Silent when one could.
		if len(t.Exclusions) > 0 {
			return analysis.Diagnostic{}, false
		}
		keys := t.Keys()
		if len(keys) == 0 {
			return analysis.Diagnostic{}, false
		}
		var gen []string
		for _, k := range keys {
			g, ok := u.unsupplied(k)
			if !ok {
				return analysis.Diagnostic{}, false
			}
			gen = append(gen, g)
		}
		what := map[sqltext.ConflictAction]string{sqltext.ConflictDoNothing: "ON CONFLICT DO NOTHING", sqltext.ConflictDoUpdate: "ON CONFLICT DO UPDATE",
			sqltext.ConflictIgnore: "INSERT IGNORE", sqltext.ConflictDuplicateKeyUpdate: "ON DUPLICATE KEY UPDATE"}[up.Action]
		return u.diag(catTarget, "%s on %s can never conflict: its only unique key, %s, is generated by the database and this insert does not supply it, so a retried insert adds a second row; add a UNIQUE constraint on the business key and target it",
			what, u.a.Table, gen[0])
	}
}

// neverFires reports an arbiter made only of generated keys that the insert
// does not supply.
func (u *upsert) neverFires(target string, key schema.Unique) (analysis.Diagnostic, bool) {
	g, ok := u.unsupplied(key)
	if !ok {
		return analysis.Diagnostic{}, false
	}
	return u.diag(catTarget, "ON CONFLICT %s on %s can never fire: %s is generated by the database and this insert does not supply it, so a retried insert adds a second row; put the conflict on the business key (a UNIQUE constraint)",
		target, u.a.Table, g)
}

// unsupplied returns "id (bigserial)" when every column of key is
// generated by the database and left to it by the insert.
func (u *upsert) unsupplied(key schema.Unique) (string, bool) {
	if key.Expr || len(key.Columns) == 0 || len(key.Where) > 0 || key.WhereText != "" {
		return "", false
	}
	var parts []string
	for _, c := range key.Columns {
		g := u.schemaTable().GeneratedKey(c)
		if g == "" {
			return "", false
		}
		if _, from := u.a.Inserted(c); from != dbcall.InsertDefault {
			return "", false
		}
		how := g
		if col, ok := u.schemaTable().Column(c); ok {
			switch g {
			case "serial":
				if strings.Contains(col.Type, "serial") {
					how = col.Type
				}
			case "uuid":
				how = "DEFAULT " + col.Default
			case "rowid":
				how = "INTEGER PRIMARY KEY"
			case "identity":
				how = "identity/AUTO_INCREMENT"
			}
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", c, how))
	}
	return join(parts), true
}

// keyColumns returns the primary key's columns, or the first key's.
func keyColumns(t *schema.Table) []string {
	keys := t.Keys()
	if len(keys) == 0 {
		return []string{"..."}
	}
	return keys[len(keys)-1].Columns
}

// keyList renders the table's keys: "(id), (email)".
func keyList(t *schema.Table) string {
	var out []string
	for _, k := range t.Keys() {
		if k.Expr {
			continue
		}
		out = append(out, "("+strings.Join(k.Columns, ", ")+")")
		if len(out) == 4 {
			break
		}
	}
	return strings.Join(out, ", ")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !contains(b, x) {
			return false
		}
	}
	return true
}

func clipList(list []string, n int) []string {
	if len(list) <= n {
		return list
	}
	return append(append([]string(nil), list[:n]...), fmt.Sprintf("%d more", len(list)-n))
}

// join renders a list in prose: "a", "a and b", "a, b and c".
func join(list []string) string {
	switch len(list) {
	case 0:
		return ""
	case 1:
		return list[0]
	}
	return strings.Join(list[:len(list)-1], ", ") + " and " + list[len(list)-1]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
