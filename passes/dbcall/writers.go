package dbcall

import (
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// Writer is a code path that changes some columns of a table: an UPDATE
// (or gorm Update/Updates/Save) of this package, or of a function of a
// package it imports (from that function's summary).
type Writer struct {
	Table string
	// Columns are the columns the writer changes, sorted. A whole-row
	// write-back (gorm Save, or an UPDATE binding many columns to the
	// fields of one struct) changes only the columns it does not pass
	// through from that struct: the others are whatever its caller holds.
	Columns []string
	// Func names the function performing the write ("pkg.Type.Method").
	Func string
	// Origin is where the write executes, "file.go:line".
	Origin string
	// Access is the write when it is in this package (nil when it comes
	// from an imported summary).
	Access *Access
	// WriteBack reports a whole-row write-back: some of the columns it
	// sets are passed through from a struct.
	WriteBack bool
}

// Pos returns the position of an in-package writer, or token.NoPos.
func (w Writer) Pos() token.Pos {
	if w.Access != nil {
		return w.Access.Pos
	}
	return token.NoPos
}

// importedWrite is an update in an imported function's summary.
type importedWrite struct {
	fn   *types.Func
	fact *accessFact
}

// Writers returns the code paths that change columns of table: the updates
// of this package's functions, and those in the summaries of the functions
// of the packages it imports (directly or not), each once, in a
// deterministic order. Updates that change nothing a reader holds (SET
// updated_at = now() alone) are listed too; callers pick the columns they
// care about.
//
// This is what "another code path writes this column" means for the
// checkers: the writes visible from the package, never the whole program.
// A writer in a package that neither this package nor its dependencies
// import (a background worker wired up in main) is not seen.
func (r *Result) Writers(table string) []Writer {
	if r == nil || table == "" {
		return nil
	}
	if r.writers == nil {
		r.writers = r.buildWriters()
	}
	return r.writers[table]
}

func (r *Result) buildWriters() map[string][]Writer {
	out := map[string][]Writer{}
	seen := map[string]bool{} // table, function and origin
	add := func(w Writer) {
		if len(w.Columns) == 0 {
			return
		}
		k := w.Table + "\x00" + w.Func + "\x00" + w.Origin
		if seen[k] {
			return
		}
		seen[k] = true
		out[w.Table] = append(out[w.Table], w)
	}
	called := r.calledWrites()
	for _, fi := range r.Funcs {
		for _, a := range fi.Accesses {
			if a.Kind != KindUpdate || a.Table == "" || r.inTest(a.Pos) || zeroKey(a) || a.insertedFirst {
				continue // an update of the row the function just inserted changes no row another request read
			}
			// A write through a call is listed where it is called: the
			// caller decides the values a whole-row write-back changes
			// (the token a rotation sets before calling Save).
			label := ssautil.FuncLabel(fi.Fn)
			if fi.Fn.Parent() != nil {
				label = ssautil.FuncLabel(outermost(fi.Fn))
			}
			origin := r.origin(a)
			if a.Via != nil && r.b != nil {
				origin = analysisutilPosition(r.b.pass.Fset, a.Pos)
			}
			cols := dropKept(changedColumns(a), keptColumns(r.b, fi, a))
			cols = dropKept(cols, writtenBack(r.Stale(a)))
			if a.Via == nil && called[label+"\x00"+origin] {
				cols = dropKept(cols, paramFields(fi.Fn, a))
			}
			add(Writer{Table: a.Table, Columns: cols, Func: label, Origin: origin, Access: a, WriteBack: len(cols) < len(a.Set)})
		}
	}
	if r.b != nil {
		for _, iw := range r.b.imported {
			f := iw.fact
			if strings.HasSuffix(strings.SplitN(f.Origin, ":", 2)[0], "_test.go") {
				continue // tests are not code paths that race with the service
			}
			label := ssautil.ObjLabel(iw.fn)
			if len(f.Callees) > 0 {
				label = f.Callees[len(f.Callees)-1]
			}
			add(Writer{Table: f.Table, Columns: f.Changed, Func: label, Origin: f.Origin, WriteBack: len(f.Changed) < len(f.Set)})
		}
	}
	for t := range out {
		sort.SliceStable(out[t], func(i, j int) bool {
			return out[t][i].Func < out[t][j].Func || out[t][i].Func == out[t][j].Func && out[t][i].Origin < out[t][j].Origin
		})
	}
	return out
}

// inTest reports a position in a _test.go file.
func (r *Result) inTest(pos token.Pos) bool {
	if r.b == nil {
		return false
	}
	return strings.HasSuffix(r.b.pass.Fset.Position(pos).Filename, "_test.go")
}

// outermost returns the function declaring the closure fn.
func outermost(fn *ssa.Function) *ssa.Function {
	for i := 0; i < 16 && fn.Parent() != nil; i++ {
		fn = fn.Parent()
	}
	return fn
}

func analysisutilPosition(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return baseName(p.Filename) + ":" + itoa(p.Line)
}

func (r *Result) origin(a *Access) string {
	if a.Via != nil {
		return a.Via.Origin
	}
	if r.b == nil {
		return ""
	}
	return a.Position(r.b.pass.Fset)
}

// zeroKey reports a save whose key is a field a composite literal built here
// leaves unset (store.Save(ctx, &Client{Name: n}) calling gorm Save): gorm
// inserts such a row, it changes no existing one.
func zeroKey(a *Access) bool {
	for _, w := range a.Where {
		if w.Op == "=" && w.Value.Path != "" && isFreshLiteral(w.Value.Root) && storedField(w.Value.Root, strings.Split(strings.TrimPrefix(w.Value.Path, "."), ".")) == nil {
			return true
		}
	}
	return false
}

// changedColumns returns the columns an update of this package changes: all
// of them, except, for a whole-row write-back, those bound to fields of the
// struct written back.
func changedColumns(a *Access) []string {
	through := passThrough(a.Set)
	var cols []string
	for _, s := range a.Set {
		if s.Column == "" || (through[s.Column] || s.Passed) && !s.SelfDelta {
			continue
		}
		// Through a call, a value the callee's summary could not express
		// is unknown here, not a new value.
		if a.Via != nil && s.Class == sqltext.AssignParam && s.Value.IsZero() {
			continue
		}
		cols = append(cols, s.Column)
	}
	sort.Strings(cols)
	return cols
}

// writtenBack returns the columns an update writes back as a read of the
// same row in its function found them (Stale): the write can revert a
// concurrent change of them, but changes none itself, so it is no other
// code path's change for a write-back to revert. A session's id list
// updated through UpdateSession(id, s), whose only other column is the
// created_time read with it, changes session_id alone.
func writtenBack(stale []StaleColumn) map[string]bool {
	if len(stale) == 0 {
		return nil
	}
	out := map[string]bool{}
	for _, s := range stale {
		out[s.Column] = true
	}
	return out
}

// calledWrites returns the writes of this package's functions that other
// functions of the package reach through calls (an Access.Via), keyed by
// the last callee and the write's origin.
func (r *Result) calledWrites() map[string]bool {
	out := map[string]bool{}
	for _, fi := range r.Funcs {
		for _, a := range fi.Accesses {
			if a.Via != nil && len(a.Via.Callees) > 0 && a.Kind == KindUpdate && !r.inTest(a.Pos) {
				out[a.Via.Callees[len(a.Via.Callees)-1]+"\x00"+a.Via.Origin] = true
			}
		}
	}
	return out
}

// paramFields returns the columns an update binds to fields of a parameter
// of its function fn (updateSession(id, s) writing s.CreatedTime): the
// values are whatever each caller passes. When the package calls fn, each
// call is a writer of its own, with the values that call passes (a row it
// just read, written back as read), and the function's own entry stands
// for nothing more.
func paramFields(fn *ssa.Function, a *Access) map[string]bool {
	var out map[string]bool
	for _, s := range a.Set {
		if s.Class != sqltext.AssignParam || s.Value.Path == "" || s.Column == "" {
			continue
		}
		if paramRefOf(fn, s.Value).Param < 0 {
			continue
		}
		if out == nil {
			out = map[string]bool{}
		}
		out[s.Column] = true
	}
	return out
}

// passThrough returns the columns of a whole-row write bound to fields of
// one struct value: gorm Save(&m), Updates(m), or an UPDATE whose arguments
// are m.A, m.B, m.C, ... At least three columns must be bound to one
// struct for the write to count as a write-back of it. (The fields a
// composite literal sets are bound to the values stored, not to fields of
// the literal, so they count as changed.)
func passThrough(set []Binding) map[string]bool {
	byRoot := map[any][]string{}
	for _, s := range set {
		if s.Class != sqltext.AssignParam || s.Value.Root == nil || s.Value.Path == "" {
			continue
		}
		byRoot[s.Value.Root] = append(byRoot[s.Value.Root], s.Column)
	}
	out := map[string]bool{}
	for _, cols := range byRoot {
		if len(cols) >= 3 {
			for _, c := range cols {
				out[c] = true
			}
		}
	}
	return out
}

// keptColumns returns the columns an update sets to the value a read of
// the same row in its function found the row by: the column already holds
// it, so the write changes nothing there.
//
//	m := &Milestone{ID: id, RepoID: repoID}
//	e.Get(m)                          // WHERE id = id AND repo_id = repoID
//	m.NumIssues++
//	e.ID(m.ID).AllCols().Update(m)    // SET repo_id = repoID, ...: kept
//
// The read must name the row the update writes: every equality of the
// update's WHERE is one of the read's, with the same value.
func keptColumns(b *builder, fi *FuncInfo, a *Access) map[string]bool {
	if fi == nil || a.Kind != KindUpdate || len(a.Where) == 0 {
		return nil
	}
	var kept map[string]bool
	for _, x := range fi.Accesses {
		if x.Kind != KindRead || x.Table != a.Table || x.Call == nil || a.Call == nil {
			continue
		}
		if x.Call != a.Call && !ssautil.Before(x.Call, a.Call) {
			continue
		}
		if !readNamesRow(b, x, a) {
			continue
		}
		for _, s := range a.Set {
			if s.Class != sqltext.AssignParam {
				continue
			}
			if b != nil {
				s.Value = b.resolveRef(s.Value) // a field of the bean a constructor filled: the value it was given
			}
			if w, ok := x.WhereColumn(s.Column); ok && w.Op == "=" && sameBound(w, s) {
				if kept == nil {
					kept = map[string]bool{}
				}
				kept[s.Column] = true
			}
		}
	}
	return kept
}

// readNamesRow reports that every equality of w's WHERE is one of r's,
// with the same value.
func readNamesRow(b *builder, r, w *Access) bool {
	n := 0
	for _, c := range w.Where {
		if c.Op != "=" {
			return false
		}
		if b != nil {
			c.Value = b.resolveRef(c.Value)
		}
		o, ok := r.WhereColumn(c.Column)
		if !ok || !sameBound(o, c) {
			return false
		}
		n++
	}
	return n > 0
}

// sameBound reports two bindings of the same Go value or constant.
func sameBound(x, y Binding) bool {
	if x.Value.Same(y.Value) {
		return true
	}
	return x.Value.IsZero() && y.Value.IsZero() && x.Const != "" && x.Const == y.Const
}

func dropKept(cols []string, kept map[string]bool) []string {
	if len(kept) == 0 {
		return cols
	}
	var out []string
	for _, c := range cols {
		if !kept[c] {
			out = append(out, c)
		}
	}
	return out
}

// Recomputes reports an update every racer makes alike: each column it
// changes is set to a constant (references cleared, milestone_id = 0) or
// to a row count the function takes again before it (a counter recounted
// by COUNT), on rows named by constants or values read. Two requests that
// both run it leave what one would.
//
//	repo.NumMilestones = int(countRepoMilestones(sess, repo.ID))
//	sess.ID(repo.ID).AllCols().Update(repo)          // the rest written back as read
//	sess.Exec("UPDATE issue SET milestone_id = 0 WHERE milestone_id = ?", m.ID)
func (r *Result) Recomputes(a *Access) bool {
	if r == nil || a == nil {
		return false
	}
	if a.Via != nil {
		return a.recount // the callee's summary says so
	}
	return recomputes(r.b, r.Func(a.Fn), a)
}

// Recounts reports a Recomputes update that sets every column it changes
// to a count taken again (a badge's award_count recounted after its status
// changed), none to a constant: a state moved to 'failed' or 'success'
// after the guarded write is work done on a check's word, a recount is
// not.
//
// Through a call, the count may be the caller's, handed to the repository
// (count := CountByBadgeID(ctx, id); UpdateAwardCount(ctx, id, count)).
func (r *Result) Recounts(a *Access) bool {
	if r == nil || a == nil || !r.Recomputes(a) && !recomputesHere(r.b, r.Func(a.Fn), a) {
		return false
	}
	for _, c := range dropKept(changedColumns(a), keptColumns(r.b, r.Func(a.Fn), a)) {
		s, ok := a.SetColumn(c)
		if !ok || s.Value.IsZero() || s.Class == sqltext.AssignConst || s.Const != "" {
			return false
		}
		if _, isConst := unwrap(s.Value.Root).(*ssa.Const); isConst {
			return false
		}
	}
	return true
}

// recomputes is Recomputes on the model fi of a's function, while it is
// being built (a summary records it for callers: Access.recount).
func recomputes(b *builder, fi *FuncInfo, a *Access) bool {
	if a.Kind != KindUpdate || a.Heuristic || a.Table == "" || len(a.Set) == 0 || fi == nil {
		return false
	}
	if a.Via != nil {
		return a.recount
	}
	return recomputesHere(b, fi, a)
}

// recomputesHere is recomputes judged on the values a binds in fi, also
// for an access through a call (whose summary's values are the caller's).
func recomputesHere(b *builder, fi *FuncInfo, a *Access) bool {
	if a.Kind != KindUpdate || a.Heuristic || a.Table == "" || len(a.Set) == 0 || fi == nil {
		return false
	}
	changed := dropKept(changedColumns(a), keptColumns(b, fi, a))
	if len(changed) == 0 {
		return false
	}
	// The rows must be the racers' common ones: named by constants or by
	// values read (the milestone found, its repository), not by a value
	// of the request (SET is_assigned = true WHERE uid = $assignee).
	for _, w := range a.Where {
		if w.Value.IsZero() {
			if w.Const == "" {
				return false
			}
			continue
		}
		if _, ok := unwrap(w.Value.Root).(*ssa.Const); ok && w.Value.Path == "" {
			continue
		}
		if !fromRead(fi, w.Value) && len(sourcesIn(b, fi, w.Value, a.Call)) == 0 {
			return false
		}
	}
	for _, c := range changed {
		s, ok := a.SetColumn(c)
		if !ok {
			return false
		}
		switch {
		case s.Class == sqltext.AssignAtomic:
			return false
		case !s.Value.IsZero():
			if _, ok := unwrap(s.Value.Root).(*ssa.Const); ok && s.Value.Path == "" {
				continue
			}
			if s.Value.Path == "" && countedBy(fi, s.Value.Root, a.Call) {
				continue
			}
			if s.Value.Path == "" && rankValue(s.Value.Root, 0) {
				continue // a position spread by rank over the rows read: every racer computes the same
			}
			srcs := sourcesIn(b, fi, s.Value, a.Call)
			if len(srcs) == 0 {
				return false
			}
			for _, src := range srcs {
				if !src.Read.Count || src.Read.Call == nil || !ssautil.Before(src.Read.Call, a.Call) {
					return false
				}
			}
		case s.Class == sqltext.AssignConst || s.Const != "":
		default:
			return false
		}
	}
	return true
}

// maxRankDepth bounds the expression rankValue reads.
const maxRankDepth = 12

// rankValue reports a value computed from constants, lengths and the
// index of a loop alone: a row's rank among the rows a repair rewrites,
// spread over a range (the rows re-read in order, each given an evenly
// spaced position).
//
//	for i, p := range siblings {
//		pos := math.Pow(2, 32) / float64(len(siblings)) * float64(i+1)
//		s.Cols("position").Where("id = ?", p.ID).Update(&Project{Position: pos})
//	}
//
// Nothing of the request goes in: two racers rewriting the same rows
// leave what one would.
func rankValue(v ssa.Value, depth int) bool {
	if depth > maxRankDepth {
		return false
	}
	switch x := unwrap(v).(type) {
	case *ssa.Const:
		return true
	case *ssa.BinOp:
		return rankValue(x.X, depth+1) && rankValue(x.Y, depth+1)
	case *ssa.Convert:
		return rankValue(x.X, depth+1)
	case *ssa.Call:
		common := x.Common()
		if b, ok := common.Value.(*ssa.Builtin); ok {
			return b.Name() == "len" // the number of rows, whatever they hold
		}
		callee := common.StaticCallee()
		if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "math" {
			return false
		}
		for _, a := range common.Args {
			if !rankValue(a, depth+1) {
				return false
			}
		}
		return true
	case *ssa.Phi:
		// A loop index: starts at a constant, steps by one.
		for _, e := range x.Edges {
			if _, ok := unwrap(e).(*ssa.Const); ok {
				continue
			}
			step, ok := unwrap(e).(*ssa.BinOp)
			if !ok || step.Op != token.ADD || unwrap(step.X) != x {
				return false
			}
			if _, ok := unwrap(step.Y).(*ssa.Const); !ok {
				return false
			}
		}
		return true
	}
	return false
}

// countedBy reports a value that is the count a call returns, the call a
// counting read of fi before at (int(countRepoMilestones(sess, repo.ID))).
func countedBy(fi *FuncInfo, v ssa.Value, at ssa.Instruction) bool {
	if fi == nil {
		return false
	}
	v = unwrap(v)
	if ex, ok := v.(*ssa.Extract); ok && ex.Index == 0 {
		v = ex.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok || !ssautil.Before(call, at) {
		return false
	}
	for _, x := range fi.Accesses {
		if x.Call == ssa.CallInstruction(call) && x.Kind == KindRead && x.Count {
			return true
		}
	}
	return false
}

// fromRead reports a value a read of fi found or was found by: a field of
// a row a lookup returned (repo.ID of GetRepositoryByID's result), or the
// value a lookup's WHERE binds.
func fromRead(fi *FuncInfo, v Ref) bool {
	root := unwrap(v.Root)
	if ex, ok := root.(*ssa.Extract); ok {
		root = ex.Tuple
	}
	for _, x := range fi.Accesses {
		if x.Kind != KindRead || x.Call == nil {
			continue
		}
		if v.Path != "" && root == ssa.Value(x.Call.Value()) && x.Call.Value() != nil {
			return true
		}
		for _, w := range x.Where {
			if w.Value.Same(v) {
				return true
			}
		}
		if v.Path != "" && filledBy(x.Call, elemSlice(root)) {
			return true // a field of a row of the slice the read filled (Find(&rows), then range rows)
		}
	}
	return false
}

// elemSlice returns the variable holding the slice v is an element of
// (rows[i], *rows[i], range rows), or nil.
func elemSlice(v ssa.Value) ssa.Value {
	for range 3 {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil
			}
			v = x.X
			continue
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.Index:
			v = x.X
		default:
			return nil
		}
		if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
			v = ld.X
		}
		if _, ok := v.(*ssa.Alloc); ok {
			return v
		}
		return nil
	}
	return nil
}

// filledBy reports a call given the address of the variable alloc (as
// itself or as an interface): the rows of a read scanned into it.
func filledBy(call ssa.CallInstruction, alloc ssa.Value) bool {
	if alloc == nil {
		return false
	}
	for _, a := range ssautil.FullArgs(call.Common()) {
		if mi, ok := a.(*ssa.MakeInterface); ok {
			a = mi.X
		}
		if a == alloc {
			return true
		}
	}
	return false
}
