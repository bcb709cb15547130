// Package effects gathers, for the at-least-once checkers (redelivery,
// cronlease), the effects a function repeats when it runs again and the
// claims that let only one run through, from the model: dbcall's
// Access.Repeats and Access.Claim, netcall's Call.Repeats, and entry's
// distributed locks. It recognizes no library call itself.
package effects

import (
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/entry"
	"github.com/idemvet/idemvet/passes/netcall"
	"github.com/idemvet/idemvet/passes/schema"
	"github.com/idemvet/idemvet/passes/sqltext"
	"github.com/idemvet/idemvet/passes/txscope"
)

// Effect is a call that repeats an effect when the function runs again.
type Effect struct {
	Call ssa.CallInstruction
	Pos  token.Pos
	// What says what it repeats: "insert into grants", "POST {url}".
	What string
	// Via names the first callee when the effect happens in a called
	// function, "" for a library call made here.
	Via string
	// Origin is where the effect happens ("grants.go:40").
	Origin string
	Access *dbcall.Access
	// Net is the network call, for a send; nil for a database effect.
	Net *netcall.Call
}

// Claim is an operation that lets one caller through, its outcome tested.
type Claim struct {
	Call ssa.CallInstruction
	// Access is the database claim; nil for a distributed lock.
	Access *dbcall.Access
	// Once reports a claim that records its key for good (an INSERT, a
	// state UPDATE, a SET NX kept until it expires): a later run finds
	// the key taken. Locks, leases and advisory locks keep two runs apart
	// in time only, and a redelivery after the holder is done takes them
	// again.
	Once bool
	// Key says where the claimed key comes from (the event's id, its
	// payload, a fresh value, a constant).
	Key entry.Origin
	// Tx is the transaction the claim runs in, nil on a pool (committed
	// at once).
	Tx *txscope.Tx
}

// Flag is the flag pattern of a job: a read of a column of a table (a
// "running" or "locked" flag), then an UPDATE of that table setting the
// column to a constant, its rows affected not examined. Two instances
// both read the flag unset and both run. Read and Write may be made by
// called functions of any package (a repository's GetJobState and
// SetRunning(ctx, name, true)), through their summaries.
type Flag struct {
	Read, Write *dbcall.Access
	// Column is the flag's column; Write.Table its table.
	Column string
}

// Set holds the effects and claims of a function and its closures.
type Set struct {
	Root    *ssa.Function
	Effects []*Effect
	Claims  []*Claim
	// Flag is the flag pattern of the function itself, nil when it has
	// none or some claim is made (a claimed flag is a lease).
	Flag *Flag
	tx   *txscope.Result
	// reads are the reads of each table, for inserts decided by state.
	reads map[string][]ssa.CallInstruction
}

// ReadsState reports whether the function, or a function it calls, reads
// a table of the database: its effects may be decided by state every
// instance of the program shares, rather than by what this instance
// holds in memory.
func (s *Set) ReadsState() bool { return len(s.reads) > 0 }

// maxDepth bounds the closures followed.
const maxDepth = 4

// Of collects the effects and claims of fn and the function literals
// inside it.
//
// With a schema, an INSERT that writes every column of a key of its table
// from values the same on each run (the event's id, its payload) is not an
// effect: run again, it violates the key instead of inserting a second row.
func Of(fset *token.FileSet, db *dbcall.Result, nc *netcall.Result, ent *entry.Result, tx *txscope.Result, cat *schema.Catalog, fn *ssa.Function) *Set {
	return of(fset, db, nc, ent, tx, cat, fn, nil)
}

// OfLoop is Of for the loop of fn made of the blocks body (a polling
// loop, entry.Schedule.Body): what those blocks do, with the closures
// made in them.
func OfLoop(fset *token.FileSet, db *dbcall.Result, nc *netcall.Result, ent *entry.Result, tx *txscope.Result, cat *schema.Catalog, fn *ssa.Function, body map[*ssa.BasicBlock]bool) *Set {
	return of(fset, db, nc, ent, tx, cat, fn, body)
}

func of(fset *token.FileSet, db *dbcall.Result, nc *netcall.Result, ent *entry.Result, tx *txscope.Result, cat *schema.Catalog, fn *ssa.Function, body map[*ssa.BasicBlock]bool) *Set {
	s := &Set{Root: fn, reads: map[string][]ssa.CallInstruction{}, tx: tx}
	seen := map[ssa.CallInstruction]bool{}
	byCall := map[ssa.CallInstruction]*Effect{} // the database effect of each call
	inner := map[*ssa.Function]bool{}
	var mark func(f *ssa.Function, depth int)
	mark = func(f *ssa.Function, depth int) {
		for _, anon := range f.AnonFuncs {
			if depth < maxDepth {
				inner[anon] = true
				mark(anon, depth+1)
			}
		}
	}
	mark(fn, 0)
	// With a body, fn's own instructions count only inside it, and so do
	// the closures it makes there.
	outside := func(f *ssa.Function, instr ssa.Instruction) bool {
		return body != nil && f == fn && !body[instr.Block()]
	}
	madeIn := map[*ssa.Function]bool{}
	if body != nil {
		for b := range body {
			for _, instr := range b.Instrs {
				for op := range ssautil.Operands(instr) {
					if f, ok := op.(*ssa.Function); ok && f.Parent() == fn {
						madeIn[f] = true
					}
				}
			}
		}
	}
	var updates, lookups []*dbcall.Access // for claims by stamp (stampClaims)
	var walk func(f *ssa.Function, depth int)
	walk = func(f *ssa.Function, depth int) {
		if fi := db.Func(f); fi != nil {
			for _, a := range fi.Accesses {
				if inner[ssautil.FuncOf(a.Call.Common().Value)] {
					continue // a closure walked below: counted once, where it happens
				}
				if outside(f, a.Call) {
					continue
				}
				switch a.Kind {
				case dbcall.KindUpdate:
					updates = append(updates, a)
				case dbcall.KindRead:
					lookups = append(lookups, a)
				}
				if a.Kind == dbcall.KindRead && a.Table != "" {
					s.reads[a.Table] = append(s.reads[a.Table], a.Call)
				}
				if a.Claim() {
					s.Claims = append(s.Claims, dbClaim(db, a, tx))
					continue
				}
				if a.Heuristic {
					continue // inferred from a name: never evidence of an effect
				}
				if ok, what := a.Repeats(); ok && !keyedInsert(db, cat, a) {
					if seen[a.Call] {
						// One effect per call. A summarized call's insert may be
						// excused by a read of its table (decidedByRead), its
						// update or delete only by a claim: the call repeats
						// that one (semaphore's CreateTask: a task inserted,
						// then the template's task count incremented).
						if e := byCall[a.Call]; e != nil && e.Access != nil && e.Access.Kind == dbcall.KindInsert && a.Kind != dbcall.KindInsert {
							e.What, e.Origin, e.Access, e.Via = what, a.Position(fset), a, ""
							if a.Via != nil && len(a.Via.Callees) > 0 {
								e.Via = a.Via.Callees[0]
							}
						}
						continue
					}
					seen[a.Call] = true
					e := &Effect{Call: a.Call, Pos: a.Pos, What: what, Origin: a.Position(fset), Access: a}
					byCall[a.Call] = e
					if a.Via != nil && len(a.Via.Callees) > 0 {
						e.Via = a.Via.Callees[0]
					}
					s.Effects = append(s.Effects, e)
				}
			}
		}
		if fi := nc.Func(f); fi != nil {
			for _, c := range fi.Calls {
				if inner[ssautil.FuncOf(c.Instr.Common().Value)] || outside(f, c.Instr) {
					continue
				}
				if ok, what := nc.RepeatsEffect(c); ok && !seen[c.Instr] {
					seen[c.Instr] = true
					e := &Effect{Call: c.Instr, Pos: c.Instr.Pos(), What: what, Net: c}
					if len(c.Chain) > 1 {
						e.Via = c.Chain[0]
					}
					s.Effects = append(s.Effects, e)
				}
			}
		}
		for _, l := range ent.Locks(f) {
			if outside(f, l.Call) {
				continue
			}
			c := &Claim{Call: l.Call, Key: entry.OriginOther}
			if l.Key != nil {
				c.Once, c.Key = true, entry.KeyOriginMinted(l.Key, "", db.Minted)
			}
			s.Claims = append(s.Claims, c)
		}
		if depth < maxDepth {
			for _, anon := range f.AnonFuncs {
				if body != nil && f == fn && !madeIn[anon] {
					continue
				}
				walk(anon, depth+1)
			}
		}
	}
	walk(fn, 0)
	s.Claims = append(s.Claims, stampClaims(updates, lookups, tx)...)
	if len(s.Claims) == 0 {
		if fl := flagOf(db, fn); fl != nil && !outside(fn, fl.Read.Call) && !outside(fn, fl.Write.Call) {
			s.Flag = fl
		}
	}
	sort.SliceStable(s.Effects, func(i, j int) bool { return s.Effects[i].Pos < s.Effects[j].Pos })
	return s
}

// flagOf finds the flag pattern in fn: a read of a column of a table,
// then an UPDATE of that table setting the column to a constant (in the
// SQL, or a constant argument of the summarized callee that binds it:
// SetRunning(ctx, "sync", true)), its rows affected not examined.
func flagOf(db *dbcall.Result, fn *ssa.Function) *Flag {
	fi := db.Func(fn)
	if fi == nil {
		return nil
	}
	for _, w := range fi.Accesses {
		if w.Kind != dbcall.KindUpdate || w.RowsChecked || len(w.Set) == 0 || w.Heuristic {
			continue
		}
		for _, r := range fi.Accesses {
			if r.Kind != dbcall.KindRead || r.Table != w.Table || r.Heuristic || !ssautil.Before(r.Call, w.Call) {
				continue
			}
			for _, b := range w.Set {
				if !constSet(b) {
					continue
				}
				for _, c := range r.Reads {
					if strings.EqualFold(c.Column, b.Column) && decides(db, fn, r, c.Column, w.Call) {
						return &Flag{Read: r, Write: w, Column: b.Column}
					}
				}
			}
		}
	}
	return nil
}

// maxBranches bounds the branches decides looks at.
const maxBranches = 64

// decides reports whether a branch of fn before the write tests the
// column col that read r delivered: the flag decides whether the job runs
// on (if st.Running { return }). A column read and not tested (a
// timestamp logged, then touched) is no flag.
func decides(db *dbcall.Result, fn *ssa.Function, r *dbcall.Access, col string, write ssa.Instruction) bool {
	n := 0
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || !ssautil.Before(ifi, write) {
			continue
		}
		if n++; n > maxBranches {
			return false
		}
		for _, src := range db.Sources(fn, dbcall.RefOf(ifi.Cond)) {
			if src.Read == r && strings.EqualFold(src.Column, col) {
				return true
			}
		}
	}
	return false
}

// constSet reports an assignment of a constant: a literal in the SQL, or
// a Go constant bound to its placeholder.
func constSet(b dbcall.Binding) bool {
	if sqlFresh(b.Expr) {
		return false // now(), a fresh id: a time or a value, not a flag
	}
	if b.Const != "" || b.Class == sqltext.AssignConst {
		return true
	}
	_, ok := b.Value.Root.(*ssa.Const)
	return ok && b.Value.Path == ""
}

// keyedInsert reports an INSERT that writes every column of a key of its
// table (the primary key, a full unique constraint) from Go values that
// are the same on each run:
//
//	INSERT INTO products (product_id, name) VALUES ($1, $2)  -- product_id from the message
func keyedInsert(db *dbcall.Result, cat *schema.Catalog, a *dbcall.Access) bool {
	if cat == nil || a.Kind != dbcall.KindInsert || a.Table == "" {
		return false
	}
	t := cat.Table(a.Table)
	if t == nil {
		return false
	}
	for _, u := range t.Keys() {
		cols, ok := u.KeyColumns()
		if !ok || len(u.Where) > 0 || u.WhereText != "" {
			continue
		}
		all := true
		for _, col := range cols {
			found := false
			for _, b := range a.Set {
				if o, ok := valueOrigin(db, b); strings.EqualFold(b.Column, col) && ok && o.Stable() {
					found = true
				}
			}
			all = all && found
		}
		if all {
			return true
		}
	}
	return false
}

// stampClaims returns the claims made by stamping rows with the
// claimant's own value and then reading the rows that carry it: an UPDATE
// that sets a column to a value of the program (the instance's id) under
// a condition on a column it sets (a lock older than its lease), then a
// read whose WHERE is that column equal to the same value.
//
//	UPDATE hooks SET locked_at = $1, locked_by = $2
//	  WHERE done = false AND (locked_at IS NULL OR locked_at < $3)   -- stamps the free rows
//	SELECT * FROM hooks WHERE locked_by = $2                          -- the rows this instance holds
//
// A second instance waits for the first's rows, finds them stamped anew
// and leaves them: each row goes to one instance, as with SKIP LOCKED.
// The claim is no key of an event (Once is false).
func stampClaims(updates, lookups []*dbcall.Access, tx *txscope.Result) []*Claim {
	var out []*Claim
	for _, u := range updates {
		if stamped(u, lookups) {
			out = append(out, &Claim{Call: u.Call, Access: u, Tx: tx.Of(u), Key: entry.OriginOther})
		}
	}
	return out
}

// stamped reports whether update u stamps rows that a read of lookups
// then selects by the stamp (stampClaims).
func stamped(u *dbcall.Access, lookups []*dbcall.Access) bool {
	if !conditionOnSet(u) {
		return false
	}
	for _, sb := range u.Set {
		if sb.Column == "" || sb.Value.IsZero() || sb.Class == sqltext.AssignAtomic {
			continue
		}
		if _, ok := sb.Value.Root.(*ssa.Const); ok {
			continue // a constant marks rows, it tells no claimant apart
		}
		for _, r := range lookups {
			if u.Table != "" && r.Table != "" && u.Table != r.Table {
				continue
			}
			if r.Call != u.Call && r.Pos < u.Pos {
				continue
			}
			for _, w := range r.Where {
				if w.Column == sb.Column && w.Op == "=" && w.Value.Root == sb.Value.Root && w.Value.Path == sb.Value.Path {
					return true
				}
			}
		}
	}
	return false
}

// conditionOnSet reports whether the update's WHERE tests a column the
// update sets (locked_at < $3 beside SET locked_at = $1): rows it stamps
// no longer match it.
func conditionOnSet(u *dbcall.Access) bool {
	for _, w := range u.Where {
		for _, sb := range u.Set {
			if sb.Column == "" {
				continue
			}
			if w.Column == sb.Column || w.Column == "" && sqlMentions(w.Expr, sb.Column) {
				return true
			}
		}
	}
	return false
}

// sqlMentions reports whether the SQL text names col as a whole word.
func sqlMentions(text, col string) bool {
	for i := strings.Index(text, col); i >= 0; {
		end := i + len(col)
		if (i == 0 || !wordByte(text[i-1])) && (end == len(text) || !wordByte(text[end])) {
			return true
		}
		j := strings.Index(text[i+1:], col)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

func wordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// dbClaim describes a database claim: what it keys on and where it
// commits.
func dbClaim(db *dbcall.Result, a *dbcall.Access, tx *txscope.Result) *Claim {
	c := &Claim{Call: a.Call, Access: a, Tx: tx.Of(a)}
	if len(a.Advisory) > 0 && a.Kind != dbcall.KindInsert && a.Kind != dbcall.KindUpdate {
		return c // an advisory lock: released by its holder
	}
	c.Once = true
	// The key: the columns of the conflict target when it is known, the
	// predicates of an UPDATE, else every value the INSERT writes. One
	// stable part makes the key tell events apart.
	var keys []dbcall.Binding
	switch a.Kind {
	case dbcall.KindUpdate:
		for _, b := range a.Where {
			if b.Op == "=" || b.Op == "IN" || b.Op == "= ANY" {
				keys = append(keys, b) // the row claimed; held_until < now() is the condition
			}
		}
	case dbcall.KindInsert:
		for _, b := range a.Set {
			if len(a.ConflictTarget) == 0 || contains(a.ConflictTarget, b.Column) {
				keys = append(keys, b)
			}
		}
		if len(keys) == 0 {
			keys = a.Set
		}
	}
	c.Key = entry.OriginOther
	if len(keys) == 0 {
		return c
	}
	best := entry.OriginConst
	for _, b := range keys {
		o := entry.OriginConst // a literal in the SQL, or now()
		if vo, ok := valueOrigin(db, b); ok {
			o = vo
		} else if b.Const == "" && b.Expr != "" && !sqlFresh(b.Expr) {
			o = entry.OriginOther
		} else if sqlFresh(b.Expr) {
			o = entry.OriginFresh
		}
		if rank(o) > rank(best) {
			best = o
		}
	}
	c.Key = best
	return c
}

// valueOrigin tells where the Go value bound to a column comes from: the
// value itself, or, when a summarized callee computes it, the arguments
// it is computed from; ok is false when neither is known. A key a
// constructor mints (domain.NewOrder(...).ID set from uuid.NewString) is
// fresh, as dbcall's mint facts say.
func valueOrigin(db *dbcall.Result, b dbcall.Binding) (entry.Origin, bool) {
	if !b.Value.IsZero() {
		return entry.KeyOriginMinted(b.Value.Root, b.Value.Path, db.Minted), true
	}
	if len(b.From) == 0 {
		return 0, false
	}
	best := entry.OriginConst
	for _, v := range b.From {
		o := entry.KeyOriginMinted(v, "", db.Minted)
		if o == entry.OriginFresh {
			return o, true
		}
		if rank(o) > rank(best) {
			best = o
		}
	}
	return best, true
}

// rank orders key origins from the least to the most telling part.
func rank(o entry.Origin) int {
	switch o {
	case entry.OriginID:
		return 3
	case entry.OriginOther:
		return 2
	case entry.OriginFresh:
		return 1
	}
	return 0
}

// sqlFresh reports SQL that makes a new value each time it runs.
func sqlFresh(expr string) bool {
	e := strings.ToLower(expr)
	for _, f := range []string{"gen_random_uuid(", "uuid_generate_v4(", "now()", "current_timestamp", "random()", "nextval("} {
		if strings.Contains(e, f) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// Claimed reports whether a claim runs before the effect: in the same
// function and dominating it, or lifted to the root, before the closure
// that holds the effect. A claim made by the same call as the effect (a
// service that claims and then writes) counts. Any claim counts, locks
// and leases too: the question of schedules, where two instances must
// not run at once.
func (s *Set) Claimed(e *Effect) bool {
	if s.decidedByRead(e) || e.rowsOfClaim() {
		return true
	}
	for _, c := range s.Claims {
		if s.precedes(c.Call, e.Call) {
			return true
		}
	}
	return false
}

// ClaimedOnce reports whether a claim lets the effect run once per event,
// redeliveries included: a claim that records a stable key for good (not
// a lock, not a fresh or constant key), before the effect, and committed
// with it — the effect in the claim's transaction, or after it commits
// (the effect may then be lost, never repeated), or the claim on a pool.
// When a claim precedes the effect but does not let it run once (a lock,
// a fresh or constant key, a claim committed apart), ClaimedOnce returns
// false and that claim, for the message.
func (s *Set) ClaimedOnce(e *Effect) (bool, *Claim) {
	if s.decidedByRead(e) || e.rowsOfClaim() {
		return true, nil
	}
	var apart *Claim
	for _, c := range s.Claims {
		if !s.precedes(c.Call, e.Call) {
			continue
		}
		if !c.Once || !c.Key.Stable() {
			if apart == nil {
				apart = c
			}
			continue
		}
		if c.Call == e.Call || c.Tx == nil {
			return true, nil // one call claims and writes, or the claim commits at once
		}
		if e.Access != nil && s.tx.Of(e.Access) == c.Tx {
			return true, nil // one transaction: both or neither
		}
		if s.committedBefore(c.Tx, e.Call) {
			return true, nil
		}
		if apart == nil {
			apart = c
		}
	}
	return false, apart
}

// Delivers reports whether e is the send the run exists to make: a
// network effect (a POST, an email, a publish) after which no effect of
// the set may run, itself included (a loop over recipients), to an
// operation that takes no idempotency key.
//
//	resp, err := dispatch.SendWebhook(ctx, url, payload)  // the job's delivery
//	repo.UpdateStatus(ctx, id, "sent")                     // absolute: no effect
//
// A redelivery then repeats the send only when it failed or its outcome
// was lost: the at-least-once contract of a forwarder, which the receiver
// deduplicates on, as an outbox publisher's consumers do. Claiming the
// event first would not help: the send cannot commit with the claim, and a
// claim taken before a send that fails drops the delivery. An effect after
// the send is different: its failure retries the run, and the receiver
// gets the send again for a reason not its own. So is a send whose
// operation takes a key (a Stripe charge): the seeds' rule is never to
// retry a payment without one, and the fix is at hand.
func (s *Set) Delivers(e *Effect) bool {
	if e.Net == nil || e.Net.Keyable() {
		return false
	}
	for _, o := range s.Effects {
		if o != e && o.Call == e.Call {
			return false // one callee sends and does more, in an order not known here
		}
		if s.mayFollow(e.Call, o.Call) {
			return false
		}
	}
	return true
}

// mayFollow reports whether b may run after a in one run of the root: on
// some path from a in their function (b == a again in a loop), lifted to
// the root when they are in different closures. Unknown orders may.
func (s *Set) mayFollow(a, b ssa.CallInstruction) bool {
	var la, lb ssa.Instruction = a, b
	if a.Parent() != b.Parent() {
		la, lb = lift(a, s.Root), lift(b, s.Root)
		if la == nil || lb == nil || la == lb {
			return true
		}
	}
	if la.Block() == nil || lb.Block() == nil {
		return true
	}
	return ssautil.ReachesWithout(la, lb, never)
}

func never(ssa.Instruction) bool { return false }

// rowsOfClaim reports an effect made only for the rows a claim inserted
// (dbcall.Access.RowsOf): a second run inserts none of them again, so it
// applies nothing again.
func (e *Effect) rowsOfClaim() bool { return e.Access != nil && e.Access.RowsOf != nil }

// decidedByRead reports an insert after a read of its table: decided by
// the state it finds (the member already exists, so update it), a
// redelivery finds the row. Two deliveries at once race, which is
// checkfindinsert's finding, not this one.
func (s *Set) decidedByRead(e *Effect) bool {
	if e.Access == nil || e.Access.Kind != dbcall.KindInsert {
		return false
	}
	for _, r := range s.reads[e.Access.Table] {
		if s.precedes(r, e.Call) {
			return true
		}
	}
	return false
}

// precedes reports whether c runs before e, lifted to the root when they
// are in different closures.
func (s *Set) precedes(c, e ssa.CallInstruction) bool {
	if c == e {
		return true
	}
	if c.Parent() == e.Parent() {
		return ssautil.Before(c, e)
	}
	lc, le := lift(c, s.Root), lift(e, s.Root)
	if lc == nil || le == nil {
		return false
	}
	return lc == le || ssautil.Before(lc, le)
}

// committedBefore reports whether tx has committed when instr runs: a
// Commit of an explicit transaction before it, or the callback form's
// call returned before it (instr outside the callback).
func (s *Set) committedBefore(tx *txscope.Tx, instr ssa.CallInstruction) bool {
	switch tx.Form {
	case txscope.FormExplicit:
		for _, end := range tx.Ends {
			if callee := end.Common().StaticCallee(); callee != nil && callee.Name() != "Commit" {
				continue
			}
			if end.Common().IsInvoke() && end.Common().Method.Name() != "Commit" {
				continue
			}
			if s.precedes(end, instr) {
				return true
			}
		}
	case txscope.FormCallback:
		if tx.Begin == nil || within(instr.Parent(), tx.Fn) {
			return false
		}
		return s.precedes(tx.Begin, instr)
	}
	return false
}

// within reports whether fn is inner or a closure nested in it.
func within(fn, inner *ssa.Function) bool {
	for i := 0; fn != nil && i < maxDepth+2; i++ {
		if fn == inner {
			return true
		}
		fn = fn.Parent()
	}
	return false
}

// lift returns the instruction of root that leads to instr: instr itself,
// or the closure creation (or call) holding it.
func lift(instr ssa.Instruction, root *ssa.Function) ssa.Instruction {
	for i := 0; i < maxDepth+1; i++ {
		fn := instr.Parent()
		if fn == root {
			return instr
		}
		parent := fn.Parent()
		if parent == nil {
			return nil
		}
		var found ssa.Instruction
		for _, b := range parent.Blocks {
			for _, x := range b.Instrs {
				if mc, ok := x.(*ssa.MakeClosure); ok && mc.Fn == fn {
					found = x
				}
			}
		}
		if found == nil {
			return nil
		}
		instr = found
	}
	return nil
}
