package checkfindinsert

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/report"
	"github.com/idemvet/idemvet/internal/ssabuild"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/entry"
	"github.com/idemvet/idemvet/passes/retry"
	"github.com/idemvet/idemvet/passes/schema"
	"github.com/idemvet/idemvet/passes/sqltext"
	"github.com/idemvet/idemvet/passes/txscope"
)

//go:embed doc.go
var doc string

// Analyzer reports check-then-insert races.
var Analyzer = &analysis.Analyzer{
	Name:      "checkfindinsert",
	Doc:       analysisutil.MustExtractDoc(doc, "checkfindinsert"),
	URL:       "https://github.com/idemvet/idemvet/blob/main/docs/checkfindinsert.md",
	Run:       analysisutil.Guard("checkfindinsert", run),
	Requires:  []*analysis.Analyzer{dbcall.Analyzer, txscope.Analyzer, schema.Analyzer, entry.Analyzer, retry.Analyzer, ssabuild.Analyzer},
	FactTypes: []analysis.Fact{new(deferredFact)},
}

// The -NAME.CATEGORY flags, one per category of report.Grades.
func init() { report.RegisterCategories(Analyzer) }

func run(pass *analysis.Pass) (any, error) {
	db := pass.ResultOf[dbcall.Analyzer].(*dbcall.Result)
	if db.Err != nil {
		return nil, nil // the model failed here: stay silent, even about directives
	}
	rep := report.New(pass)
	defer rep.Finish() // stale and malformed //idemvet:ignore directives
	c := &checker{pass: pass, rep: rep, ent: pass.ResultOf[entry.Analyzer].(*entry.Result), rt: pass.ResultOf[retry.Analyzer].(*retry.Result)}
	c.runDeferred()
	if len(db.Funcs) == 0 {
		return nil, nil
	}
	txs := pass.ResultOf[txscope.Analyzer].(*txscope.Result)
	cat, _ := pass.ResultOf[schema.Analyzer].(*schema.Catalog)
	for _, fi := range db.Funcs {
		runFunc(c, db, txs, cat, fi)
	}
	c.flushOnce()
	return nil, nil
}

// runFunc pairs each insert of fn with the lookups whose outcome decides it.
func runFunc(c *checker, db *dbcall.Result, txs *txscope.Result, cat *schema.Catalog, fi *dbcall.FuncInfo) {
	pass := c.pass
	if c.rep.Generated(fi.Fn.Pos()) {
		return // generated code (sqlc) is shared by correct callers
	}
	v := c.ent.Concurrent(fi.Fn)
	if v.Answer == entry.No {
		return // runs once (main, init, a command): it cannot race with itself
	}
	decisions := decisionsOf(db, fi.Fn)
	if parent := fi.Fn.Parent(); parent != nil && dbcall.MadeAt(fi.Fn) != nil {
		// The maker's own lookups decide what its callback (a
		// transaction's) inserts: they come after fn's, which supersede
		// them.
		for _, d := range decisionsOf(db, parent) {
			if d.Access.Fn == parent {
				decisions = append(decisions, d)
			}
		}
	}
	for _, ins := range fi.Accesses {
		// A check-then-insert inside the library (gorm FirstOrCreate).
		if ins.Kind == dbcall.KindInsert && ins.CheckedBy != nil && ins.Via == nil {
			read := ins.CheckedBy
			if cols, ok := sameKey(db, cat, read, ins); ok && !safe(db, txs, cat, fi, read, ins) && !dbcall.SavedAfter(fi, ins) {
				b := uniqueness(cat, read, ins, cols)
				if c.rerun(txs, b, read, ins) {
					continue
				}
				d := diagnostic(pass, read, ins, cols, b)
				d.Message = strings.Replace(d.Message, "check-then-insert on", "check-then-insert inside gorm FirstOrCreate on", 1)
				d.Related = nil
				c.report(fi.Fn, v, d)
			}
		}
	}
	for _, ins := range fi.Accesses {
		// A check-then-insert inside a called function whose key only
		// this caller's values show to be one.
		if ins.Kind == dbcall.KindInsert && ins.DecidedBy != nil && ins.Via != nil {
			read := ins.DecidedBy
			if cols, ok := sameKey(db, cat, read, ins); ok && !safe(db, txs, cat, fi, read, ins) && !mintedKey(db, ins, cols) {
				b := uniqueness(cat, read, ins, cols)
				if !c.rerun(txs, b, read, ins) {
					d := diagnostic(pass, read, ins, cols, b)
					d.Message = strings.Replace(d.Message, "check-then-insert on", "check-then-insert in "+ins.Via.Callees[0]+" on", 1)
					c.reportOnce(calleePair(ins, read), fi.Fn, v, d)
				}
			}
		}
	}
	for _, ins := range fi.Accesses {
		if ins.Kind == dbcall.KindInsert && ins.Table != "" {
			if d, ok := checkFlagged(c, db, txs, cat, fi, ins); ok {
				c.report(fi.Fn, v, d)
			}
			if d, ok := checkReplace(pass, db, txs, cat, fi, ins); ok {
				c.report(fi.Fn, v, d)
			}
		}
	}
	limits := limitsOf(db, fi.Fn)
	var reach ssautil.Reach // one walk per branch side, however many inserts
	if floors := floorsOf(db, fi.Fn); len(floors) > 0 {
		for _, w := range fi.Accesses {
			if (w.Kind == dbcall.KindDelete || w.Kind == dbcall.KindUpdate) && w.Table != "" {
				if d, ok := checkFloor(pass, &reach, txs, fi, floors, w); ok {
					c.report(fi.Fn, v, d)
				}
			}
		}
	}
	// A total checked against an amount, last: an insert already reported
	// (the payment's hash looked up first) keeps its finding.
	overdraws := db.Overdraws(fi.Fn)
	defer func() {
		for _, ins := range fi.Accesses {
			if ins.Kind == dbcall.KindInsert && ins.Table != "" && ins.Call.Block() != nil {
				if d, ok := checkOverdraw(pass, db, &reach, txs, cat, fi, overdraws, ins); ok {
					c.report(fi.Fn, v, d)
				}
			}
		}
	}()
	if len(decisions) == 0 && len(limits) == 0 {
		return
	}
	for _, ins := range fi.Accesses {
		if ins.Kind != dbcall.KindInsert || ins.Table == "" {
			continue
		}
		reported := false
		rechecked := false // a lookup of fn decides the insert: the maker's lookup is not the last word
		for _, d := range byEvidence(db, cat, fi.Fn, decisions, ins) {
			if d.Access.Kind != dbcall.KindRead && d.Access.Kind != dbcall.KindUpdate || d.Access.Call == ins.Call {
				continue
			}
			outer := d.Access.Fn != fi.Fn
			if outer && rechecked {
				continue
			}
			// The maker's lookup compares its own values: the insert's are
			// the ones the maker bound to the closure.
			ins := ins
			if outer {
				ins = db.AsMaker(ins, d.Access)
			} else if _, ok := sameKey(db, cat, d.Access, ins); ok && ssautil.Before(d.Access.Call, ins.Call) {
				rechecked = true
			}
			if d.oneOf && !keyEvident(db, cat, d.Access, ins) {
				continue // one of several lookups: only one seen to be of the insert's key decides it
			}
			if cols, ok := sameKey(db, cat, d.Access, ins); ok && decidesInsert(&reach, d, ins) && !safe(db, txs, cat, fi, d.Access, ins) {
				if mintedKey(db, ins, cols) {
					reported = true // a key minted in this run: no other request holds it
					break
				}
				b := uniqueness(cat, d.Access, ins, cols)
				if (d.Access.Heuristic || ins.Heuristic) && b.known && b.unique == "" {
					// Key columns guessed from method names never make a
					// "no UNIQUE constraint" verdict: the guess may have
					// missed the key the schema does constrain.
					reported = true
					break
				}
				if c.rerun(txs, b, d.Access, ins) {
					reported = true
					break
				}
				c.report(fi.Fn, v, lockedAbsent(pass, db, cat, txs, d.Access, ins, diagnostic(pass, d.Access, ins, cols, b)))
				reported = true
				break
			}
		}
		if !reported {
			if d, ok := checkCapacity(pass, &reach, txs, cat, fi, limits, ins); ok {
				c.report(fi.Fn, v, d)
			}
		}
	}
}

type decision struct {
	dbcall.Decision
	ifi *ssa.If
	// oneOf is set when the branch tests the row of one of several
	// lookups (dbcall.Decision.Also), on different paths or in one
	// helper: each ran before the branch on its own path, and each
	// decides an insert only of a key seen to be its own, never of values
	// not known.
	oneOf bool
}

// decisionsOf lists the branches of fn on whether a read found a row.
func decisionsOf(db *dbcall.Result, fn *ssa.Function) []decision {
	var out []decision
	for _, blk := range fn.Blocks {
		ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if d, ok := db.Decide(ifi); ok {
			out = append(out, decision{d, ifi, d.OneOf})
			for _, a := range d.Joined {
				alt := d
				alt.Access, alt.Also, alt.Joined = a, nil, nil
				out = append(out, decision{alt, ifi, d.OneOf})
			}
			for _, a := range d.Also {
				alt := d
				alt.Access, alt.Also = a, nil
				out = append(out, decision{alt, ifi, true})
			}
		}
	}
	// fn's own lookups first: one of them deciding an insert supersedes a
	// lookup of fn's maker (the row looked up again inside the callback).
	slices.SortStableFunc(out, func(x, y decision) int {
		return cmpBool(x.Access.Fn != fn, y.Access.Fn != fn)
	})
	return out
}

// byEvidence orders the decisions of an insert so that, among fn's own
// lookups and then among its maker's, those whose key the insert is seen
// to bind to the same values come before those matched only because the
// values are not known (most seen first): a sign-up helper that looks a user up by email
// and, through the identities it found, by id, decides an insert of a new
// user on the email.
func byEvidence(db *dbcall.Result, cat *schema.Catalog, fn *ssa.Function, ds []decision, ins *dbcall.Access) []decision {
	if len(ds) < 2 {
		return ds
	}
	seen := make([]int, len(ds))
	for i, d := range ds {
		in := ins
		if d.Access.Fn != fn {
			in = db.AsMaker(ins, d.Access)
		}
		seen[i] = keySeen(db, cat, d.Access, in)
	}
	idx := make([]int, len(ds))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(x, y int) int {
		if c := cmpBool(ds[x].Access.Fn != fn, ds[y].Access.Fn != fn); c != 0 {
			return c
		}
		return seen[y] - seen[x]
	})
	out := make([]decision, len(ds))
	for i, j := range idx {
		out[i] = ds[j]
	}
	return out
}

// keySeen counts the key columns of the read the insert binds to a value
// seen to be the read's (or to the same constant); -1 when the keys
// differ, or when the insert binds a column the read compares with a Go
// value to one the model does not know (a fresh id).
func keySeen(db *dbcall.Result, cat *schema.Catalog, read, ins *dbcall.Access) int {
	cols, ok := sameKey(db, cat, read, ins)
	if !ok {
		return -1
	}
	n := 0
	for _, k := range cols {
		w, _ := read.WhereColumn(k)
		s, ok := ins.SetColumn(k)
		if !ok {
			continue // a column DEFAULT equal to the read's constant
		}
		switch {
		case !w.Value.IsZero() && s.Value.IsZero() && s.Const == "":
			return -1
		case w.Const != "" && w.Const == s.Const || !w.Value.IsZero() && !s.Value.IsZero():
			n++
		}
	}
	return n
}

// keyEvident reports whether the insert is seen to write the read's key:
// on two columns at least, or on all of a one-column key.
func keyEvident(db *dbcall.Result, cat *schema.Catalog, read, ins *dbcall.Access) bool {
	n := keySeen(db, cat, read, ins)
	return n >= 2 || n == 1 && len(read.KeyColumns()) == 1
}

func cmpBool(x, y bool) int {
	switch {
	case x == y:
		return 0
	case !x:
		return -1
	}
	return 1
}

// decides reports whether the branch lets the insert at at run only when
// the read found nothing: the insert is reachable from the not-found side
// and not from the found side.
func decides(reach *ssautil.Reach, d decision, at ssa.Instruction) bool {
	blk := d.ifi.Block()
	found, notFound := blk.Succs[d.Found], blk.Succs[1-d.Found]
	if at.Parent() != d.ifi.Parent() {
		// An insert in a closure the branch's function makes (a
		// transaction's callback) runs where the closure is made.
		at = dbcall.MadeAt(at.Parent())
		if at == nil || at.Parent() != d.ifi.Parent() {
			return false
		}
	}
	target := at.Block()
	start := d.Access.Call.Block()
	if m := d.Access.Member; m != nil && m.Parent() == d.ifi.Parent() {
		// A map of the rows read, tested in a loop: each test is the
		// lookup of its item.
		start = m.Block()
	}
	if d.Access.Call.Parent() != d.ifi.Parent() {
		// The lookup of the closure's maker, whose outcome the closure
		// captured (dbcall's captured decisions): it ran before the
		// closure was made, and the closure's body starts at its entry.
		made := dbcall.MadeAt(d.ifi.Parent())
		if made == nil || !ranBefore(d, d.Access.Call, made) {
			return false
		}
		start = d.ifi.Parent().Blocks[0]
	} else if !ranBefore(d, d.Access.Call, d.ifi) && start != blk {
		return false
	}
	// The found side may reach the insert only by running the lookup
	// again (a loop that looks up each item before inserting it).
	if !reach.Reachable(notFound, target) || reach.ReachableNotThrough(found, target, start) {
		return false
	}
	// Every path from the lookup to the insert must take the not-found
	// edge: "if err != nil && !errors.Is(err, sql.ErrNoRows) { return }"
	// lets the found case reach the insert around the branch.
	return !reach.ReachableAvoiding(start, target, blk, notFound)
}

// decidesInsert reports whether the decision decides the insert: runs it
// only when nothing was found, or fills, only then, the map literal whose
// items a later loop inserts (toAdd[l.URL] = l when l's URL is not among
// the rows read; for _, l := range toAdd { insert(l) }).
func decidesInsert(reach *ssautil.Reach, d decision, ins *dbcall.Access) bool {
	if decides(reach, d, ins.Call) {
		return true
	}
	for _, s := range ins.Set {
		ups := dbcall.MapFilled(s.Value.Root)
		if len(ups) == 0 {
			continue
		}
		all := true
		for _, up := range ups {
			if up.Parent() != ins.Call.Parent() || !decides(reach, d, up) || !reach.Reachable(up.Block(), ins.Call.Block()) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// ranBefore reports whether the lookup call ran before at: on every path,
// or, for a lookup that is one of several (decision.oneOf), on a path of
// its own.
func ranBefore(d decision, call, at ssa.Instruction) bool {
	if ssautil.Before(call, at) {
		return true
	}
	if !d.oneOf || call.Parent() != at.Parent() {
		return false
	}
	for _, succ := range call.Block().Succs {
		if ssautil.Reachable(succ, at.Block()) {
			return true
		}
	}
	return false
}

// sameKey reports whether the insert writes the key the read looked up: every
// equality column of the read is inserted, bound to the same Go value where
// both values can be seen, or left to a column DEFAULT (from the schema)
// equal to the constant the read compares it with.
func sameKey(db *dbcall.Result, cat *schema.Catalog, read, ins *dbcall.Access) ([]string, bool) {
	if read.Table != ins.Table {
		return nil, false
	}
	keys := read.KeyColumns()
	if len(keys) == 0 {
		return nil, false
	}
	for _, k := range keys {
		w, _ := read.WhereColumn(k)
		s, ok := ins.SetColumn(k)
		if !ok {
			if defaultMatches(cat, ins.Table, k, w) {
				continue
			}
			return nil, false
		}
		if s.Zero && !w.Value.IsZero() {
			// The insert's key is a field its caller's struct never set
			// (the database assigns it): not the value looked up.
			return nil, false
		}
		known := !w.Value.IsZero() && !s.Value.IsZero()
		if known && !db.SameValue(ins.Fn, w.Value, s.Value) {
			return nil, false
		}
		if w.Const != "" && s.Const != "" && w.Const != s.Const {
			return nil, false
		}
		// An inference from names alone needs the values to agree.
		if (read.Heuristic || ins.Heuristic) && !known {
			return nil, false
		}
	}
	return keys, true
}

// mintedKey reports whether the insert binds some key column to a value
// minted in this run in every origin (dbcall.Result.KeyMinted): a session
// id made by uuid.NewString() before the lookup, or the id the database
// gave a row this run inserted (INSERT ... RETURNING id, the new feed whose
// entries it stores: dbcall.Result.GeneratedKey). No concurrent request
// can look that key up or insert it.
func mintedKey(db *dbcall.Result, ins *dbcall.Access, cols []string) bool {
	for _, k := range cols {
		if s, ok := ins.SetColumn(k); ok && (db.KeyMinted(ins, s) || db.GeneratedKey(ins, s)) {
			return true
		}
	}
	return false
}

// safe reports whether something makes the race harmless.
func safe(db *dbcall.Result, txs *txscope.Result, cat *schema.Catalog, fi *dbcall.FuncInfo, read, ins *dbcall.Access) bool {
	if ins.Conflict != sqltext.ConflictNone {
		return true // ON CONFLICT, INSERT IGNORE, ON DUPLICATE KEY UPDATE, OR IGNORE/REPLACE
	}
	if ins.UniqueHandled && (read.Kind != dbcall.KindUpdate || writesAgain(fi, ins)) {
		// The losing request's unique violation is handled. After an
		// UPDATE that matched no row, only a handler that writes the row
		// again (the UPDATE run once more) makes the loser's write land.
		return true
	}
	// A process mutex held over the lookup and the insert, a single-flight
	// callback, or an in-process claim of the key serializes the writers
	// of this process (a hub, a media store on local disk: a
	// single-instance service).
	if db.Serialized(read, ins) {
		return true
	}
	// An advisory lock taken before the read serializes the writers, in a
	// transaction (pg_advisory_xact_lock) or on the session.
	for _, a := range fi.Accesses {
		if len(a.Advisory) > 0 && ssautil.Before(a.Call, read.Call) {
			return true
		}
	}
	// A claim of the key made before the read, its count tested (UPDATE
	// codes SET used_at = now() WHERE code = $1 AND used_at IS NULL, or
	// AND consumed = false): one request per key gets past it.
	for _, a := range fi.Accesses {
		if a.Kind == dbcall.KindUpdate && a.Claim() && a.Call != nil && read.Call != nil && ssautil.Before(a.Call, read.Call) && claimsKey(db, a, read, ins) {
			return true
		}
	}
	// A row of another table inserted before the read, under a unique key
	// made of the values the lookup's key has, whose failure ends the
	// function (the workspace created, then its signing key if it has
	// none): one request per key gets past that insert, a second one
	// waits for the first to commit and then fails on the violation.
	for _, g := range fi.Accesses {
		if g.Kind == dbcall.KindInsert && g != ins && g.Call != ins.Call && g.Table != "" && g.Table != ins.Table && g.Conflict == sqltext.ConflictNone && read.Call != nil && claimsByInsert(db, cat, g, read) && db.FailureStops(g, read.Call) {
			return true
		}
	}
	tx := txs.Of(ins)
	if tx == nil || txs.Of(read) != tx {
		return false
	}
	if tx.Serializable() {
		return true
	}
	for _, a := range tx.Accesses {
		if a == read || a.Pos >= ins.Pos && a.Fn == ins.Fn {
			continue
		}
		// A row lock on a parent row (the event before its bookings)
		// serializes the writers; a locking read of the same table by the
		// same key does not, since PostgreSQL locks no row that is absent.
		if a.Lock != sqltext.LockNone && a.Table != ins.Table {
			return true
		}
		if a.Stmt != nil && a.Stmt.Kind == sqltext.KindLockTable {
			return true
		}
	}
	return false
}

// claimsByInsert reports whether the insert g binds values of the read's
// key (its equality conditions) to every column of a unique key of g's
// table: the schema's, or the one its model declares.
func claimsByInsert(db *dbcall.Result, cat *schema.Catalog, g, read *dbcall.Access) bool {
	var cols []string
	for _, s := range g.Set {
		if s.Value.IsZero() || s.Column == "" {
			continue
		}
		for _, k := range read.KeyColumns() {
			if w, ok := read.WhereColumn(k); ok && w.Op == "=" && !w.Value.IsZero() && db.SameValue(g.Fn, s.Value, w.Value) {
				cols = append(cols, s.Column)
				break
			}
		}
	}
	if len(cols) == 0 {
		return false
	}
	for _, set := range g.ModelUniques {
		if subset(set, cols) {
			return true
		}
	}
	_, ok := cat.Table(g.Table).Covering(cols, nil)
	return ok
}

// claimsKey reports whether the claim names its row by a value the insert
// writes into one of the lookup's key columns.
func claimsKey(db *dbcall.Result, claim, read, ins *dbcall.Access) bool {
	for _, k := range read.KeyColumns() {
		s, ok := ins.SetColumn(k)
		if !ok || s.Value.IsZero() {
			continue
		}
		for _, w := range claim.Where {
			if w.Op == "=" && !w.Value.IsZero() && db.SameValue(ins.Fn, w.Value, s.Value) {
				return true
			}
		}
	}
	return false
}

// rerun reports a race the database and a retry settle together: a
// UNIQUE constraint refuses the losing request's insert, and its error
// makes a retry library that tries again on any error (restate.Run,
// backoff.Retry) run the lookup again, which now finds the winner's row.
//
//	restate.Run(ctx, func(rc restate.RunContext) (string, error) {
//		route, err := q.FindRouteByHost(rc, host)
//		if db.IsNotFound(err) {
//			return id, q.InsertRoute(rc, ...) // a duplicate: the next attempt finds the row
//		}
//		return route.ID, err
//	})
//
// Without a constraint both inserts succeed and nothing is retried. A
// transaction begun outside the retry is no help either: the violation
// aborts it, and the next attempt runs the lookup in the aborted
// transaction (or, at best, in its old snapshot).
func (c *checker) rerun(txs *txscope.Result, b backing, read, ins *dbcall.Access) bool {
	if b.unique == "" || c.rt == nil || c.rt.Err != nil {
		return false
	}
	r := c.rt.Reruns(ins.Call, ins.Err)
	if r == nil || !r.Inside(read.Call) {
		return false
	}
	tx := txs.Of(ins)
	if tx != nil && (tx.Begin == nil || !r.Inside(tx.Begin)) {
		return false
	}
	if tx == nil && ins.Handle.Path == "" && ins.Handle.Root != nil {
		// A transaction the model does not place (captured by the
		// retried closure from outside): maybe begun before the retry.
		t := ins.Handle.Root.Type()
		if p, ok := t.Underlying().(*types.Pointer); ok && !txscope.IsTxType(t) {
			t = p.Elem()
		}
		if txscope.IsTxType(t) {
			return false
		}
	}
	return true
}

// backing says what guarantees the key's uniqueness.
type backing struct {
	known  bool   // a schema or model describes the table
	unique string // the constraint backing the key, "" when none
	// folded lists the key columns the lookup compares up to case
	// (lower(title) = lower($2)) and the constraint compares exactly: it
	// rejects a duplicate of the same spelling only.
	folded []string
}

// uniqueness looks the key up in the schema catalog and in the ORM
// model's tags.
func uniqueness(cat *schema.Catalog, read, ins *dbcall.Access, cols []string) backing {
	for _, set := range ins.ModelUniques {
		if subset(set, cols) {
			return backing{known: true, unique: "the model's unique index on " + ins.Table + "(" + strings.Join(set, ", ") + ")", folded: foldedBy(read, set)}
		}
	}
	t := cat.Table(ins.Table)
	if t == nil {
		return backing{}
	}
	// A partial index backs the key when the insert's constants (or the
	// lookup's) satisfy its predicate: "one active ride per driver". An
	// insert binding the column to a value of Go leaves it to the lookup:
	// the duplicates it looks for are the rows its condition selects,
	// and the index rejects those (the account looked up among the
	// non-SSO ones, inserted with the caller's flag).
	holds := func(where []sqltext.Cond) bool {
		if len(where) == 0 {
			return false
		}
		for _, c := range where {
			if c.Column == "" || c.Op != "=" || c.Value.Kind != sqltext.ExprConst {
				return false
			}
			want := strings.Trim(c.Value.Text, "'")
			s, ok := ins.SetColumn(c.Column)
			if !ok || s.Const == "" {
				s, ok = read.WhereColumn(c.Column)
			}
			if !ok || strings.Trim(s.Const, "'\"") != want {
				return false
			}
		}
		return true
	}
	if u, ok := t.Covering(cols, holds); ok {
		b := backing{known: true, unique: fmt.Sprintf("the UNIQUE constraint %s", u.Name)}
		ucols, _ := u.KeyColumns()
		var exact []string // an index on lower(c) rejects every case of c
		for _, c := range ucols {
			if !slices.Contains(u.Folded, c) {
				exact = append(exact, c)
			}
		}
		b.folded = foldedBy(read, exact)
		return b
	}
	return backing{known: true}
}

// foldedBy returns the columns of cols that the read compares through a
// case-folding function (lower(title) = lower($2)), rendered so.
func foldedBy(read *dbcall.Access, cols []string) []string {
	var out []string
	for _, c := range cols {
		if w, ok := read.WhereColumn(strings.ToLower(c)); ok && w.Fold != "" {
			out = append(out, w.Fold+"("+w.Column+")")
		}
	}
	return out
}

func subset(set, of []string) bool {
	in := map[string]bool{}
	for _, c := range of {
		in[strings.ToLower(c)] = true
	}
	for _, c := range set {
		if !in[strings.ToLower(c)] {
			return false
		}
	}
	return len(set) > 0
}

func diagnostic(pass *analysis.Pass, read, ins *dbcall.Access, cols []string, b backing) analysis.Diagnostic {
	lookup := analysisutil.Position(pass.Fset, read.Pos)
	what := "the lookup at " + lookup
	if read.Via != nil {
		what = fmt.Sprintf("the lookup by %s at %s", read.Via.Callees[0], lookup)
	}
	key := fmt.Sprintf("%s(%s)", ins.Table, strings.Join(cols, ", "))
	category := "unhandled"
	var msg string
	if read.Kind == dbcall.KindUpdate {
		return updateThenInsert(pass, read, ins, key, cols, b)
	}
	switch {
	case ins.Table == "file":
		msg = fmt.Sprintf("check-then-insert on file(path): another process can create it between %s and this write; create it with os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, perm) and handle os.ErrExist", what)
	case b.unique != "" && len(b.folded) > 0:
		msg = fmt.Sprintf("check-then-insert on %s: %s rejects a concurrent duplicate of the same spelling (the lookup compares %s: unless every writer stores the value folded, one differing only in case gets in), but this insert does not handle the violation, so the losing request fails after %s; handle the unique violation or use INSERT ... ON CONFLICT DO NOTHING", key, b.unique, strings.Join(b.folded, ", "), what)
	case b.unique != "":
		msg = fmt.Sprintf("check-then-insert on %s: %s rejects a concurrent duplicate, but this insert does not handle the violation, so the losing request fails after %s; handle the unique violation or use INSERT ... ON CONFLICT DO NOTHING", key, b.unique, what)
	case b.known:
		category = "nounique"
		msg = fmt.Sprintf("check-then-insert on %s: no UNIQUE constraint covers the key, so concurrent requests insert duplicates between %s and this insert; add one and handle its violation, or use INSERT ... ON CONFLICT DO NOTHING", key, what)
	default:
		// No schema source idemvet read defines the table: whether the
		// database rejects the duplicate is not known, and the category
		// says so rather than claim a constraint either way.
		category = "unknownschema"
		why := fmt.Sprintf("no schema found defines %s, so a UNIQUE constraint is not known", ins.Table)
		// The model declares keys beyond a surrogate id, none of them
		// this one: say so rather than that nothing is known of the table.
		var sets []string
		for _, set := range ins.ModelUniques {
			if len(set) == 1 && strings.EqualFold(set[0], "id") {
				continue
			}
			sets = append(sets, "("+strings.Join(set, ", ")+")")
		}
		if len(sets) > 0 {
			sort.Strings(sets)
			why = fmt.Sprintf("no schema found defines %s, and the keys its model declares, %s, do not cover this one", ins.Table, strings.Join(sets, ", "))
		}
		msg = fmt.Sprintf("check-then-insert on %s: a concurrent request can insert between %s and this insert (%s); add a UNIQUE constraint and handle its violation, or use INSERT ... ON CONFLICT DO NOTHING", key, what, why)
	}
	return analysis.Diagnostic{
		Pos:      ins.Pos,
		End:      token.NoPos,
		Category: category,
		Message:  msg,
		Related:  []analysis.RelatedInformation{{Pos: read.Pos, Message: "the lookup that decides this insert"}},
	}
}

// lockedAbsent adds to a check-then-insert's message that the lookup
// deciding it (or another read of the key in the insert's transaction,
// before it) takes a row lock, which serializes nothing here:
// the lookup found no row, and PostgreSQL and MySQL (under READ
// COMMITTED) lock only rows that exist. Two requests both lock nothing,
// both find none and both insert.
//
//	tx.QueryRow("SELECT id FROM payments WHERE hash = $1 FOR UPDATE", h).Scan(&id)
//	if errors.Is(err, sql.ErrNoRows) { tx.Exec("INSERT INTO payments ...") }
func lockedAbsent(pass *analysis.Pass, db *dbcall.Result, cat *schema.Catalog, txs *txscope.Result, read, ins *dbcall.Access, d analysis.Diagnostic) analysis.Diagnostic {
	lock := read
	if read.Lock == sqltext.LockNone {
		lock = nil
		if tx := txs.Of(ins); tx != nil {
			for _, a := range tx.Accesses {
				if a.Kind != dbcall.KindRead || a.Lock == sqltext.LockNone || a.Fn != ins.Fn || !ssautil.Before(a.Call, ins.Call) {
					continue
				}
				if _, ok := sameKey(db, cat, a, ins); ok {
					lock = a // a locking read of the key the insert writes
					break
				}
			}
		}
	}
	if lock == nil || read.Kind != dbcall.KindRead {
		return d
	}
	what := "the lookup's row lock (" + lock.Lock.String() + ")"
	if lock != read {
		what = "the row lock at " + analysisutil.Position(pass.Fset, lock.Pos) + " (" + lock.Lock.String() + ")"
	}
	d.Message = strings.Replace(d.Message, ": ", fmt.Sprintf(": %s locks no row when none matches, so it does not keep a concurrent request out; ", what), 1)
	return d
}

// writesAgain reports whether, after the insert ins, the function runs
// another access of its table: the loser of an update-then-insert updating
// the row the winner inserted (or reading it), on the violation's branch or
// around a loop back to the first UPDATE.
//
//	n, _ := repo.Bump(ctx, user, day)       // 0: no row yet
//	if err := repo.Start(ctx, user, day); isUnique(err) {
//		_, err = repo.Bump(ctx, user, day)  // the winner's row, bumped
//	}
func writesAgain(fi *dbcall.FuncInfo, ins *dbcall.Access) bool {
	if ins.Call == nil || ins.Call.Block() == nil {
		return false
	}
	for _, x := range fi.Accesses {
		if x == ins || x.Call == nil || x.Call == ins.Call || x.Table != ins.Table || x.Kind != dbcall.KindUpdate && x.Kind != dbcall.KindRead {
			continue
		}
		if ssautil.ReachesWithout(ins.Call, x.Call, func(ssa.Instruction) bool { return false }) {
			return true
		}
	}
	return false
}

// updateThenInsert words the race of an UPDATE whose "no row matched"
// outcome decides an INSERT of the same key: two requests both update
// nothing (the row does not exist yet, and an UPDATE locks no absent row)
// and both insert.
func updateThenInsert(pass *analysis.Pass, upd, ins *dbcall.Access, key string, cols []string, b backing) analysis.Diagnostic {
	what := "the UPDATE at " + analysisutil.Position(pass.Fset, upd.Pos)
	if upd.Via != nil {
		what = fmt.Sprintf("the UPDATE by %s at %s", upd.Via.Callees[0], analysisutil.Position(pass.Fset, upd.Pos))
	}
	fix := fmt.Sprintf("write it as one INSERT ... ON CONFLICT (%s) DO UPDATE", strings.Join(cols, ", "))
	category := "unhandled"
	var msg string
	switch {
	case ins.UniqueHandled:
		// The violation is tested, but nothing writes the row again: the
		// loser returns an error (or nothing) and its value is never
		// written.
		constraint := "a UNIQUE constraint"
		if b.unique != "" {
			constraint = b.unique
		}
		msg = fmt.Sprintf("update-then-insert on %s: when %s matches no row, concurrent requests both insert and %s fails the loser; this insert tests the violation but does not update again, so the loser's write is lost (it fails or returns as if done); %s, or update again on the violation", key, what, constraint, fix)
	case b.unique != "":
		msg = fmt.Sprintf("update-then-insert on %s: when %s matches no row, concurrent requests both insert and %s fails the loser, which this insert does not handle; %s, or handle the violation by updating again", key, what, b.unique, fix)
	case b.known:
		category = "nounique"
		msg = fmt.Sprintf("update-then-insert on %s: when %s matches no row, concurrent requests both insert and no UNIQUE constraint covers the key, so the row is duplicated; add one and %s", key, what, fix)
	default:
		category = "unknownschema"
		msg = fmt.Sprintf("update-then-insert on %s: when %s matches no row, concurrent requests both insert (no schema found defines %s, so a UNIQUE constraint is not known); %s", key, what, ins.Table, fix)
	}
	return analysis.Diagnostic{
		Pos:      ins.Pos,
		Category: category,
		Message:  msg,
		Related:  []analysis.RelatedInformation{{Pos: upd.Pos, Message: "the update whose affected-row count decides this insert"}},
	}
}

// checkFlagged reports an insert that runs either way and records in a
// column whether a lookup of the same key found a row: the event stored
// with is_duplicate_event set from "does one with this idempotency key
// exist". Two requests racing both find none and both insert a row marked
// original, which a UNIQUE constraint could not refuse (the duplicates are
// meant to be stored). An advisory lock taken in the call that inserts
// (the repository locking the key and looking again) serializes them.
//
//	dup, err := repo.ExistsByKey(ctx, project, key)
//	event.IsDuplicate = dup
//	repo.Create(ctx, event)     // INSERT ... is_duplicate = $n
func checkFlagged(c *checker, db *dbcall.Result, txs *txscope.Result, cat *schema.Catalog, fi *dbcall.FuncInfo, ins *dbcall.Access) (analysis.Diagnostic, bool) {
	for _, set := range ins.Set {
		if set.Value.IsZero() {
			continue
		}
		read := db.FlagOf(fi.Fn, set.Value, ins.Call)
		if read == nil || read.Table != ins.Table || read.Call == ins.Call {
			continue
		}
		cols, ok := sameKey(db, cat, read, ins)
		if !ok || safe(db, txs, cat, fi, read, ins) || lockedAtInsert(fi, ins) {
			continue
		}
		at := analysisutil.Position(c.pass.Fset, read.Pos)
		if read.Via != nil {
			at = fmt.Sprintf("%s (by %s)", at, read.Via.Callees[0])
		}
		// The rows are meant to differ only in the flag: a UNIQUE
		// constraint on the key would refuse the duplicates the code
		// stores, so none is the expected schema ("nounique").
		category := "nounique"
		if b := uniqueness(cat, read, ins, cols); !b.known {
			category = "unknownschema"
		} else if b.unique != "" {
			continue // the duplicates are refused: the flag is never set
		}
		return analysis.Diagnostic{
			Pos:      ins.Pos,
			Category: category,
			Message: fmt.Sprintf("check-then-insert on %s(%s): %s is set from the lookup at %s, so concurrent requests both find no row and both insert one marked as the first; serialize the writers of the key (an advisory lock, then look again) before the insert",
				ins.Table, strings.Join(cols, ", "), set.Column, at),
			Related: []analysis.RelatedInformation{{Pos: read.Pos, Message: "the lookup whose answer the row records"}},
		}, true
	}
	return analysis.Diagnostic{}, false
}

// lockedAtInsert reports an advisory lock taken by the call that inserts,
// before it: the callee serializes the writers of the key.
func lockedAtInsert(fi *dbcall.FuncInfo, ins *dbcall.Access) bool {
	for _, a := range fi.Accesses {
		if len(a.Advisory) > 0 && a.Call == ins.Call {
			return true
		}
	}
	return false
}
