package dbcall

import (
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// StaleColumn is a column an update writes back with the value an earlier
// read of the same row delivered, unchanged.
type StaleColumn struct {
	Column string
	Read   *Access
}

// Stale returns the columns the update w writes back unchanged from an
// earlier read of the same row in its function: the whole-row write-back
// of an edit form.
//
//	app, _ := repo.GetApplication(id)   // reads every column
//	app.Name = req.Name                 // changes one
//	repo.Save(app)                      // writes them all: token, last_used, ... are stale
//
// A column is stale when its value is the read's destination field with no
// store into it in the function and nothing else in between that could
// change it: the struct is not passed to any other call (a Bind, a helper
// method) between the read and the write. Key columns of the write's WHERE
// are not listed (writing the key back changes nothing), and neither are
// reads and writes made by the same call (a callee's own read-modify-write,
// modeled in the callee).
func (r *Result) Stale(w *Access) []StaleColumn {
	if r == nil || w == nil || w.Kind != KindUpdate || w.Table == "" {
		return nil
	}
	fi := r.Func(w.Fn)
	if fi == nil {
		return nil
	}
	keys := w.keySet()
	changed := map[ssa.Value]changes{}
	var out []StaleColumn
	for _, s := range w.Set {
		if s.Class != sqltext.AssignParam || s.Value.IsZero() || s.SelfDelta || s.Mutated || keys[s.Column] || s.Column == "" {
			continue // SelfDelta, Mutated: a callee's change of the field, not the value read
		}
		read, ok := r.staleSource(fi, w, s)
		if !ok {
			continue
		}
		root := readRoot(read, s.Column)
		if root == nil {
			continue
		}
		c, known := changed[root]
		if !known {
			c = r.changedBetween(fi, root, read.Call, w.Call)
			changed[root] = c
		}
		if c.covers(readPath(read, s.Column)) {
			continue
		}
		out = append(out, StaleColumn{Column: s.Column, Read: read})
	}
	return out
}

// Unchanged reports a write that changes nothing of the row it writes:
// every column it sets, keys aside, is written back unchanged from a read
// of the same row (stale), and nothing changed the structs the read filled
// between the read and the write, in any field, a column or not: no store
// into them, no call given them (a callee may keep and change it later).
//
//	event, _ := repo.FindEventByID(ctx, project, id)
//	repo.UpdateEventEndpoints(ctx, event, ids)   // SET endpoints = event.Endpoints: as read
//
// A struct changed in a field that is no column of the write (downloads
// signed again, then the order saved with them by gorm's Save) is a change
// the write carries along, so it is not unchanged.
func (r *Result) Unchanged(w *Access, stale []StaleColumn) bool {
	if len(stale) == 0 {
		return false
	}
	fi := r.Func(w.Fn)
	if fi == nil {
		return false
	}
	keys := w.keySet()
	unchanged := map[string]bool{}
	for _, s := range stale {
		unchanged[s.Column] = true
	}
	for _, s := range w.Set {
		if !keys[s.Column] && !unchanged[s.Column] {
			return false // a column set to a value of the request (or one the model cannot trace)
		}
	}
	seen := map[ssa.Value]bool{}
	for _, s := range stale {
		root := readRoot(s.Read, s.Column)
		if root == nil {
			return false
		}
		if seen[root] {
			continue
		}
		seen[root] = true
		if fieldStored(root, s.Read.Call, w.Call) || givenToCall(fi, root, s.Read.Call, w.Call) {
			return false
		}
	}
	return true
}

// givenToCall reports a call other than the model's database accesses,
// gorm chain methods and formatting that is given the struct root (or its
// address, or a field's) between read and write. What a callee's fact says
// it assigns is not trusted here: a method that files the struct in a map
// and changes it through the map later (gocommerce's UpdateDownloads) is
// out of the fact's view.
func givenToCall(fi *FuncInfo, root ssa.Value, read, write ssa.CallInstruction) bool {
	accessCalls := map[ssa.CallInstruction]bool{}
	for _, a := range fi.Accesses {
		accessCalls[a.Call] = true
	}
	seen := map[ssa.Value]bool{}
	var visit func(v ssa.Value, depth int) bool
	visit = func(v ssa.Value, depth int) bool {
		if depth > 4 || seen[v] || v.Referrers() == nil {
			return false
		}
		seen[v] = true
		for _, ref := range *v.Referrers() {
			switch x := ref.(type) {
			case ssa.CallInstruction:
				if x == read || x == write || accessCalls[x] || readOnlyCall(x.Common()) {
					continue
				}
				if _, ok := gormMethod(x.Common()); ok {
					continue
				}
				if between(read, x, write) {
					return true
				}
			case *ssa.MakeClosure:
				if between(read, x, write) {
					return true
				}
			case *ssa.FieldAddr, *ssa.MakeInterface, *ssa.ChangeType, *ssa.Convert, *ssa.Phi:
				if visit(x.(ssa.Value), depth+1) {
					return true
				}
			case *ssa.Store:
				if x.Val == v && between(read, x, write) {
					return true // copied elsewhere: changed out of view
				}
			}
		}
		return false
	}
	return visit(root, 0)
}

// fieldStored reports a store into a field of the struct root (or of a
// struct below it, an element of a slice field) that may run between read
// and write.
func fieldStored(root ssa.Value, read, write ssa.Instruction) bool {
	seen := map[ssa.Value]bool{}
	var visit func(v ssa.Value, depth int) bool
	visit = func(v ssa.Value, depth int) bool {
		if depth > 6 || seen[v] || v.Referrers() == nil {
			return false
		}
		seen[v] = true
		for _, ref := range *v.Referrers() {
			switch x := ref.(type) {
			case *ssa.Store:
				if x.Addr == v && v != root && between(read, x, write) {
					return true
				}
			case *ssa.FieldAddr, *ssa.IndexAddr:
				if visit(x.(ssa.Value), depth+1) {
					return true
				}
			case *ssa.UnOp:
				if x.Op == token.MUL && visit(x, depth+1) {
					return true
				}
			}
		}
		return false
	}
	return visit(root, 0)
}

// staleSource returns the read whose value the binding s passes on
// unchanged, when it is exactly one read of w's table and row.
func (r *Result) staleSource(fi *FuncInfo, w *Access, s Binding) (*Access, bool) {
	if s.Value.Path != "" && len(storesTo(s.Value)) > 0 {
		return nil, false // assigned in the function: a new value
	}
	srcs := r.Sources(fi.Fn, s.Value)
	if len(srcs) != 1 {
		return nil, false
	}
	src := srcs[0]
	rd := src.Read
	if src.Derived || src.Column != s.Column || rd.Kind != KindRead || rd.Table != w.Table || rd.Count || rd.Exists {
		return nil, false
	}
	if rd.Call == w.Call || rd.Call.Block() == nil || !ssautil.Reachable(rd.Call.Block(), w.Call.Block()) {
		return nil, false
	}
	if rd.Call.Block() == w.Call.Block() && ssautil.Index(rd.Call) > ssautil.Index(w.Call) {
		return nil, false
	}
	if !r.SameRow(fi, rd, w) {
		return nil, false
	}
	return rd, true
}

// readPath returns the field path below its root that the read filled for
// col.
func readPath(read *Access, col string) string {
	for _, rd := range read.Reads {
		if rd.Column == col && rd.Dest.Root != nil {
			return rd.Dest.Path
		}
	}
	return ""
}

// readRoot returns the Go value whose fields the read filled for col (the
// struct or the pointer to it).
func readRoot(read *Access, col string) ssa.Value {
	for _, rd := range read.Reads {
		if rd.Column == col && rd.Dest.Root != nil {
			return rd.Dest.Root
		}
	}
	return nil
}

// changes says which fields of a struct read from the database may have
// changed between the read and a write: all of them, or those listed (paths
// relative to the struct).
type changes struct {
	all    bool
	fields map[string]bool
}

// covers reports whether the field path may have changed.
func (c changes) covers(path string) bool {
	if c.all {
		return true
	}
	for f := range c.fields {
		if f == "" || path == f || strings.HasPrefix(path, f+".") {
			return true
		}
	}
	return false
}

// changedBetween says what a call that may run between the read and the
// write, given the struct root (or a field's address), may change: a Bind
// or Decode into it, a helper, a method. A callee whose field assignments
// are known (mutatesFact) changes those fields; any other changes all of
// them. Database calls the model knows and formatting calls change nothing.
func (r *Result) changedBetween(fi *FuncInfo, root ssa.Value, read, write ssa.CallInstruction) changes {
	accessCalls := map[ssa.CallInstruction]bool{}
	for _, a := range fi.Accesses {
		accessCalls[a.Call] = true
	}
	out := changes{fields: map[string]bool{}}
	var visit func(v ssa.Value, path string, depth int)
	seen := map[ssa.Value]bool{}
	visit = func(v ssa.Value, path string, depth int) {
		if out.all || depth > 4 || seen[v] || v.Referrers() == nil {
			return
		}
		seen[v] = true
		for _, ref := range *v.Referrers() {
			switch x := ref.(type) {
			case ssa.CallInstruction:
				if x == read || x == write || readOnlyCall(x.Common()) {
					continue
				}
				if _, ok := gormMethod(x.Common()); ok {
					continue // Model(&m), Where(&m): a chain names the model, it does not change it
				}
				if !between(read, x, write) {
					continue
				}
				m, known := r.b.mutations(x.Common())
				if accessCalls[x] && (!known || m == nil) {
					continue // a database call given the struct (a scan, a write of it): modeled as an access
				}
				if !known {
					out.all = true
					return
				}
				if m == nil {
					continue
				}
				for i, arg := range ssautil.FullArgs(x.Common()) {
					if unwrap(arg) != unwrap(v) {
						continue
					}
					for _, f := range m.Fields {
						// A method that also reads the database (a hash
						// salted from a table, then set) changes what it
						// always assigns.
						if f.Param == i && (!accessCalls[x] || f.Always) {
							out.fields[path+f.Path] = true
						}
					}
				}
			case *ssa.MakeClosure:
				// Captured by a closure, which may set its fields.
				if between(read, x, write) {
					out.all = true
					return
				}
			case *ssa.FieldAddr:
				visit(x, path+"."+fieldName(x.X.Type(), x.Field), depth+1)
			case *ssa.MakeInterface, *ssa.ChangeType, *ssa.Convert, *ssa.Phi:
				visit(x.(ssa.Value), path, depth+1)
			case *ssa.Store:
				if x.Val != v {
					continue
				}
				// Copied into a local variable: follow the variable.
				if local, ok := x.Addr.(*ssa.Alloc); ok {
					visit(local, path, depth+1)
					continue
				}
				// Stored elsewhere (a field of another struct, a
				// captured variable): its fields may change out of view.
				if between(read, x, write) {
					out.all = true
					return
				}
			}
		}
	}
	visit(root, "", 0)
	return out
}

// readOnlyCall reports calls that only read their arguments: formatting and
// logging, JSON encoding, comparisons.
func readOnlyCall(call *ssa.CallCommon) bool {
	f := analysisutil.CalleeFunc(call)
	if f == nil || f.Pkg() == nil {
		return false
	}
	switch f.Pkg().Path() {
	case "fmt", "log", "log/slog", "errors", "strings", "strconv", "reflect":
		return true
	case "encoding/json":
		return strings.HasPrefix(f.Name(), "Marshal")
	}
	path := f.Pkg().Path()
	return strings.Contains(path, "zap") || strings.Contains(path, "logrus") || strings.Contains(path, "zerolog")
}

// between reports whether instruction x may run after a and before b.
func between(a, x, b ssa.Instruction) bool {
	ab, xb, bb := a.Block(), x.Block(), b.Block()
	if ab == nil || xb == nil || bb == nil {
		return false
	}
	after := ssautil.Reachable(ab, xb) && !(ab == xb && ssautil.Index(x) < ssautil.Index(a) && !inLoop(ab))
	before := ssautil.Reachable(xb, bb) && !(xb == bb && ssautil.Index(b) < ssautil.Index(x) && !inLoop(xb))
	return after && before
}

// inLoop reports whether block b can reach itself.
func inLoop(b *ssa.BasicBlock) bool {
	for _, s := range b.Succs {
		if ssautil.Reachable(s, b) {
			return true
		}
	}
	return false
}

// SameRow reports whether the write w can target the row the read read: no
// key column of both is bound to two different known values, unless the
// write's key is the key the read returned (WHERE id = row.ID); and the
// write does not name its rows only by keys that other rows of the table
// read by the function hold.
//
// A write of the row the function itself inserted earlier is never the
// row read (see insertedRow).
func (r *Result) SameRow(fi *FuncInfo, read, w *Access) bool {
	return sameRow(r.b, fi, read, w)
}

func sameRow(b *builder, fi *FuncInfo, read, w *Access) bool {
	keys := w.KeyColumns()
	if len(keys) == 0 {
		return false // a whole-table write is not a write-back of one row
	}
	if insertedRow(fi, w) {
		return false
	}
	if topOfSet(b, fi, read, w) {
		return false
	}
	named := false // some key of the write names the row read
	other := false // some key of the write comes from another row of the table
	for _, k := range keys {
		wb, _ := w.WhereColumn(k)
		rb, ok := read.WhereColumn(k)
		if !ok {
			// The read does not select by this column: the write names
			// its row when the key is what the row holds (WHERE id =
			// row.ID after a read by slug), and other rows when it is
			// what other rows of the table hold (WHERE slug_name IN the
			// slugs of the synonyms listed, after a read of one tag).
			switch {
			case wb.Value.IsZero():
			case readsColumn(b, fi, wb.Value, read, k) || readInto(read, wb.Value):
				named = true
			case wb.Op == "IN" || wb.Op == "= ANY" || fromOtherRead(b, fi, wb.Value, read):
				other = true // a set of rows by a column the read does not select by
			}
			continue
		}
		if !rb.Value.IsZero() && !wb.Value.IsZero() && !rb.Value.Same(wb.Value) && !readsColumn(b, fi, wb.Value, read, k) && !inReadSet(rb, wb) && !documentKey(b, fi, wb.Value, read, k) {
			return false
		}
		if rb.Const != "" && wb.Const != "" && rb.Const != wb.Const {
			return false
		}
		named = true
	}
	return named || !other
}

// KeyedElsewhere reports a write that names its rows by a key the read
// neither selected by nor returned (the highest asset_id of a group read,
// then stored on an item named by its id: WHERE id = item.ID): what it
// stores was read from other rows than the one it writes, or from a row
// it cannot be told from. SameRow does not rule such a write out.
func (r *Result) KeyedElsewhere(fi *FuncInfo, read, w *Access) bool {
	if r == nil || read == nil || w == nil {
		return false
	}
	// The read's conditions must all be the write's too (the group both
	// scope by): a read by another column (user_id) may have found the
	// very row the write names by its id.
	for _, rb := range read.Where {
		if rb.Column == "" {
			continue
		}
		wb, ok := w.WhereColumn(rb.Column)
		if !ok || !(rb.Value.Same(wb.Value) || rb.Const != "" && rb.Const == wb.Const) {
			return false
		}
	}
	elsewhere := false
	for _, k := range w.KeyColumns() {
		if _, ok := read.WhereColumn(k); ok {
			if rowKeyName(w.Table, k) {
				return false // the read named its row by the key the write names it by
			}
			continue // a scope both share (the group)
		}
		if !rowKeyName(w.Table, k) {
			continue // a scope the read left open (a tenant): no row of its own
		}
		wb, _ := w.WhereColumn(k)
		if wb.Value.IsZero() {
			continue
		}
		if readsColumn(r.b, fi, wb.Value, read, k) || readInto(read, wb.Value) {
			return false // WHERE id = row.ID: the row read
		}
		for _, rc := range read.Reads {
			if rc.Column == k || rc.Column == "*" {
				return false // the read returns the key (a model filled whole): its row may be the one named
			}
		}
		elsewhere = true
	}
	return elsewhere
}

// TopOfSet reports a read of the first row of an ordering (Access.First:
// the highest display_order of a group, the latest transaction_time of a
// second) and a write naming its row by a key the read neither selects by
// nor returns: the value read is the extreme of a set of rows, and the
// write is of another row (the category moved into the group, the
// transaction given the next time). A value taken from it and stored is
// allocated, not written back; a check of it guards no row the write
// makes.
//
//	top := &Category{}
//	db.Where("grp=?", g).OrderBy("pos desc").Get(top)
//	c := &Category{ID: req.ID, Pos: top.Pos + 1}
//	db.ID(c.ID).Cols("pos").Update(c)             // another row than top
func (r *Result) TopOfSet(fi *FuncInfo, read, w *Access) bool {
	if r == nil || read == nil || w == nil {
		return false
	}
	return topOfSet(r.b, fi, read, w)
}

func topOfSet(b *builder, fi *FuncInfo, read, w *Access) bool {
	if read.First == "" || read.Kind != KindRead {
		return false
	}
	for _, k := range w.KeyColumns() {
		if _, ok := read.WhereColumn(k); ok {
			continue // a scope both share (the group, the user)
		}
		wb, _ := w.WhereColumn(k)
		if wb.Op != "=" || wb.Value.IsZero() {
			continue
		}
		if readsColumn(b, fi, wb.Value, read, k) || readInto(read, wb.Value) {
			return false // WHERE id = top.ID: the first row itself
		}
		return true
	}
	return false
}

// rowKeyName reports a column named as a row's own key: id, uuid, or the
// table's "<singular>_id" (item_id in items).
func rowKeyName(table, col string) bool {
	switch col {
	case "id", "uuid":
		return true
	}
	singular := strings.TrimSuffix(table, "s")
	return col == singular+"_id" || col == singular+"_uuid"
}

// fromOtherRead reports a value read from the table of read by another
// read of the function.
func fromOtherRead(b *builder, fi *FuncInfo, v Ref, read *Access) bool {
	found := false
	for _, src := range sourcesIn(b, fi, v, nil) {
		if src.Read == read {
			return false
		}
		found = found || src.Read.Table == read.Table
	}
	return found
}

// documentKey reports a write's key bound to the field of that name of a
// document the read decoded from the row it selected (WHERE id = t.ID,
// t decoded from the row's doc column read WHERE id = $1): the row's own
// key as the document carries it. A decoded value counts as derived from
// its document, so Derived sources are accepted; the field's name keeps
// another key the document carries (t.ParentID) out.
func documentKey(b *builder, fi *FuncInfo, v Ref, read *Access, col string) bool {
	i := strings.LastIndexByte(v.Path, '.')
	if i < 0 || snakeCase(v.Path[i+1:]) != col {
		return false
	}
	srcs := sourcesIn(b, fi, v, nil)
	for _, src := range srcs {
		if src.Read != read {
			return false
		}
	}
	return len(srcs) > 0
}

// readInto reports whether v is a field of a struct the read fills (the
// row gorm's First(pay) reads into pay, then Save(pay) writes by pay.ID).
func readInto(read *Access, v Ref) bool {
	if v.Root == nil || v.Path == "" {
		return false
	}
	roots := []ssa.Value{unwrap(v.Root)}
	if alloc, ok := roots[0].(*ssa.Alloc); ok && alloc.Referrers() != nil {
		// r, _ := GetRedeem(code); r.Use(): the row copied into the
		// variable whose address the method is given.
		for _, ref := range *alloc.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == alloc {
				roots = append(roots, unwrap(st.Val))
			}
		}
	}
	for _, r := range read.Reads {
		if r.Dest.Root != nil && slices.Contains(roots, unwrap(r.Dest.Root)) {
			return true
		}
	}
	return false
}

// inReadSet reports whether the write's key wb is one of the keys of a
// read of many rows (id = ANY($1), id IN (...)) bound by rb: the key of
// one item of the request, collected into the array the read is given and
// used again for that item's write (goOrigins).
func inReadSet(rb, wb Binding) bool {
	if rb.Op != "= ANY" && rb.Op != "IN" || wb.Op != "=" {
		return false
	}
	set := goOrigins(rb.Value.Root, rb.Value.Path+"[]")
	if len(set) == 0 {
		return false
	}
	return commonOrigin(set, goOrigins(wb.Value.Root, wb.Value.Path))
}

// insertedRow reports a write of a row that fi inserted before it: a key
// column of the write is bound to the very Go value a plain INSERT of the
// same table bound to that column.
//
//	m := &Transaction{ID: uuid.New(), Status: "pending"}   // built in Go
//	tx.Create(m)                                            // inserted here
//	m.Status = "paid"
//	tx.Save(m)                                              // WHERE id = m.ID: the row just inserted
//
// A row's provenance starts at a read: the values the write carries were
// made in this request, not read from a row another writer may have changed
// since. Fields copied from a row read earlier (m.OrderID = pay.OrderID) do
// not make the new row that row. An insert with a conflict clause (ON
// CONFLICT DO NOTHING, INSERT IGNORE, FirstOrCreate) may leave an existing
// row in place, which the write then changes, so it does not count.
func insertedRow(fi *FuncInfo, w *Access) bool {
	return w.Call != nil && w.Call.Parent() == fi.Fn && w.insertedFirst
}

// markInserted sets insertedFirst on the accesses of fi that write a row fi
// inserted before them (see insertedRow), once per function when it is
// modeled: the checkers ask for every pair of a read and a write, and a
// function of hundreds of inserts and writes (a generated sync loop) would
// otherwise walk its blocks for every pair. One backward walk per write
// with a matching insert decides which inserts may precede it.
func markInserted(fi *FuncInfo) {
	var inserts []*Access
	for _, x := range fi.Accesses {
		if x.Kind == KindInsert && x.Conflict == sqltext.ConflictNone && x.Upsert == nil && x.CheckedBy == nil && x.Call != nil {
			inserts = append(inserts, x)
		}
	}
	if len(inserts) == 0 {
		return
	}
	var reach ssautil.Reach
	for _, w := range fi.Accesses {
		if w.Call == nil {
			continue
		}
		var cands []*Access
		for _, x := range inserts {
			if x != w && x.Call != w.Call && x.Table == w.Table && bindsKeyOf(x, w) {
				cands = append(cands, x)
			}
		}
		if len(cands) == 0 {
			continue
		}
		wb := w.Call.Block()
		if wb == nil {
			continue
		}
		for _, x := range cands {
			xb := x.Call.Block()
			if xb == nil {
				continue
			}
			var precedes bool
			if xb == wb {
				precedes = ssautil.Index(x.Call) < ssautil.Index(w.Call) || inLoopOf(&reach, wb)
			} else {
				precedes = reach.ReachableTo(xb, wb)
			}
			if precedes {
				w.insertedFirst = true
				break
			}
		}
	}
}

// bindsKeyOf reports whether the insert x binds a key column of the write w
// to the value w's WHERE binds it to.
func bindsKeyOf(x, w *Access) bool {
	for _, k := range w.KeyColumns() {
		wb, _ := w.WhereColumn(k)
		ib, ok := x.SetColumn(k)
		if ok && !wb.Value.IsZero() && ib.Value.Same(wb.Value) {
			return true
		}
	}
	return false
}

// inLoopOf reports whether block b can reach itself again: one of its
// successors reaches it.
func inLoopOf(reach *ssautil.Reach, b *ssa.BasicBlock) bool {
	for _, s := range b.Succs {
		if reach.ReachableTo(s, b) {
			return true
		}
	}
	return false
}

// readsColumn reports whether v is column col as read by read.
func readsColumn(b *builder, fi *FuncInfo, v Ref, read *Access, col string) bool {
	for _, src := range sourcesIn(b, fi, v, nil) {
		if src.Read == read && src.Column == col {
			return true
		}
	}
	return false
}

// consumedRead returns the read whose finding the row decides that the
// delete del runs, when it names the same row: the lookup of a one-time
// row (a code, an invite, a reset token) that the delete consumes.
//
//	c, err := repo.Code(ctx, code)
//	if err != nil { return ErrInvalid }   // the lookup decides
//	db.Exec("DELETE FROM login_codes WHERE code = $1", code)
//
// gated reports that every return on the not-found side fails (returns a
// non-nil error): callers go on only when the row was found, so the work
// they do after the call is the work the row grants. A lookup whose
// not-found side returns nil is "nothing to clean up", not a gate.
func (b *builder) consumedRead(fi *FuncInfo, del *Access) (read *Access, gated bool) {
	return b.consumedReadAt(fi, del, del.Call.Block(), del)
}

// consumedByCaller returns, for a delete in the closure anon of fi's
// function (a transaction's callback, a retry's operation), the read of
// fi whose finding the row decides that the closure is made and run:
//
//	g, err := findGrant(db, code)          // the lookup decides, outside
//	if err != nil { return ErrInvalid }
//	db.Transaction(func(tx *pop.Connection) error {
//		issue(tx, g.UserID)
//		return tx.Destroy(g)                // consumed inside the callback
//	})
//
// The delete's values captured from fi are compared as the values fi
// bound to the closure's free variables.
func (b *builder) consumedByCaller(fi *FuncInfo, anon *ssa.Function, del *Access) *Access {
	mc := closureOf(fi.Fn, anon)
	if mc == nil || mc.Block() == nil {
		return nil
	}
	lifted := *del
	lifted.Where = make([]Binding, len(del.Where))
	for i, w := range del.Where {
		w.Value = liftRef(w.Value)
		lifted.Where[i] = w
	}
	read, _ := b.consumedReadAt(fi, &lifted, mc.Block(), del)
	return read
}

// AsMaker returns the access a of a closure (a transaction's callback) as
// the closure's maker sees it where read, a lookup of the maker, found no
// row: each value the closure captured is the value the maker bound to
// it, and a captured variable the maker assigned more than once is the
// value it stored other than read's row, which is nil there (u =
// newUser(email) once the lookup found none). Values the maker cannot
// name become unknown. a itself is returned when it is no closure's.
func (r *Result) AsMaker(a, read *Access) *Access {
	if a == nil || a.Fn == nil || a.Fn.Parent() == nil || read == nil || read.Fn != a.Fn.Parent() {
		return a
	}
	lift := func(bs []Binding) []Binding {
		out := make([]Binding, len(bs))
		for i, b := range bs {
			b.Value = r.b.resolveRef(r.b.liftRefNot(b.Value, read))
			out[i] = b
		}
		return out
	}
	lifted := *a
	lifted.Fn = read.Fn
	lifted.Set = lift(a.Set)
	lifted.Where = lift(a.Where)
	return &lifted
}

// liftRefNot is liftRef where the lookup read found no row: of the values
// the maker stored into a captured variable, read's row is left out.
func (b *builder) liftRefNot(r Ref, read *Access) Ref {
	fv, ok := unwrap(r.Root).(*ssa.FreeVar)
	if !ok {
		return r
	}
	alloc, ok := ssautil.ClosureBinding(fv).(*ssa.Alloc)
	if !ok || soleStore(alloc) != nil || alloc.Referrers() == nil {
		return liftRef(r)
	}
	var vals []Ref
	for _, ref := range *alloc.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Addr != ssa.Value(alloc) || slices.Contains(read.Found.Nil, unwrap(st.Val)) {
			continue
		}
		o := refOf(st.Val)
		if o.Root == nil {
			return Ref{}
		}
		vals = append(vals, Ref{Root: o.Root, Path: o.Path + r.Path})
	}
	if len(vals) <= 1 || r.Path == "" {
		if len(vals) == 1 {
			return vals[0]
		}
		return Ref{}
	}
	// Stored more than once (user = NewUserWithHash(...) or NewUser(...)):
	// the field is known when every store's constructor sets it from the
	// same value.
	var out Ref
	for _, o := range vals {
		res := b.resolveRef(o)
		if res.Root == o.Root || !out.IsZero() && !out.Same(res) {
			return Ref{}
		}
		out = res
	}
	return out
}

// liftRef returns r as its closure's maker sees it: a free variable is the
// value the MakeClosure bound to it (a captured variable's single store).
func liftRef(r Ref) Ref {
	fv, ok := unwrap(r.Root).(*ssa.FreeVar)
	if !ok {
		return r
	}
	bound := freeVarBinding(fv)
	if bound == nil {
		return Ref{}
	}
	o := refOf(bound)
	if o.Root == nil {
		return Ref{}
	}
	return Ref{Root: o.Root, Path: o.Path + r.Path}
}

// consumedReadAt is consumedRead for a delete del (as fi's values name it)
// that runs when target runs; orig is the delete as modeled.
func (b *builder) consumedReadAt(fi *FuncInfo, del *Access, target *ssa.BasicBlock, orig *Access) (read *Access, gated bool) {
	if target == nil || del.Table == "" {
		return nil, false
	}
	for _, blk := range fi.Fn.Blocks {
		ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		a, trueFound, ok := fi.foundness(ifi.Cond, b)
		if !ok || a.Kind != KindRead || a.Table != del.Table || a.Call == orig.Call {
			continue
		}
		found, notFound := blk.Succs[1], blk.Succs[0]
		if trueFound {
			found, notFound = notFound, found
		}
		if !ssautil.Reachable(found, target) || ssautil.Reachable(notFound, target) {
			continue // the delete does not run only when the row was found
		}
		if !blk.Dominates(target) {
			// Another way to the delete skips the test (if tok == u.Token
			// || (ott != nil && hash == ott.Hash)): the row found is one
			// reason among others.
			continue
		}
		if prunesFrom(b, fi, a, del) {
			continue
		}
		if sameRow(b, fi, a, del) && namesRow(b, fi, a, del) {
			return a, failsFrom(fi.Fn, notFound)
		}
	}
	return nil, false
}

// prunesFrom reports a delete of the rows on one side of a value the
// lookup read: a retention prune from the row found, many rows and none of
// them consumed (semaphore's clearTasks finds the task at the cutoff, then
// DELETE FROM task WHERE template_id=? AND created>? with its created).
// Racers delete the same range.
func prunesFrom(b *builder, fi *FuncInfo, read, del *Access) bool {
	for _, w := range del.Where {
		switch w.Op {
		case "<", ">", "<=", ">=":
			if w.Column != "" && !w.Value.IsZero() && readsColumn(b, fi, w.Value, read, w.Column) {
				return true
			}
		}
	}
	return false
}

// decidingRead returns the lookup of fi whose "no row" outcome alone lets
// the insert ins run, when the two name the same table and the key the
// lookup compares is one ins writes but with values fi cannot show to be
// equal: each key column is set, and at least one is bound on both sides
// to values that differ here (owner.ID against repo.OwnerID, both from
// parameters). The caller that passes the values judges the pair
// (Access.DecidedBy); a pair fi can judge is fi's.
//
//	func createRepository(e *xorm.Session, owner *User, repo *Repository) error {
//		has, err := isRepositoryExist(e, owner, repo.Name)  // owner_id = owner.ID
//		if has { return ErrRepoAlreadyExist{} }
//		_, err = e.Insert(repo)                             // owner_id = repo.OwnerID
func (b *builder) decidingRead(fi *FuncInfo, ins *Access) *Access {
	if ins.Call == nil || ins.Call.Block() == nil || ins.Table == "" || ins.Conflict != sqltext.ConflictNone || ins.UniqueHandled {
		return nil
	}
	target := ins.Call.Block()
	var reach ssautil.Reach // one backward walk from the insert for every branch
	for _, blk := range fi.Fn.Blocks {
		ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
		if !ok || !blk.Dominates(target) {
			continue
		}
		read, trueFound, ok := fi.foundness(ifi.Cond, b)
		if !ok {
			continue
		}
		for _, a := range append([]*Access{read}, fi.joined(read)...) {
			if a.Kind != KindRead || a.Table != ins.Table || a.Fn != fi.Fn || a.Call == nil || a.Call.Block() == nil {
				continue
			}
			found, notFound := blk.Succs[1], blk.Succs[0]
			if trueFound {
				found, notFound = notFound, found
			}
			if !reach.ReachableTo(notFound, target) || reach.ReachableTo(found, target) {
				continue
			}
			if paramKeyed(fi.Fn, a, ins) {
				return a
			}
		}
	}
	return nil
}

// paramKeyed reports that ins writes every key column of read and that
// some column's two values differ in fn while both come from fn's
// parameters (a caller may make them one), and none is known to differ.
func paramKeyed(fn *ssa.Function, read, ins *Access) bool {
	keys := read.KeyColumns()
	if len(keys) == 0 {
		return false
	}
	open := false
	for _, k := range keys {
		w, _ := read.WhereColumn(k)
		s, ok := ins.SetColumn(k)
		if !ok {
			return false
		}
		if w.Value.IsZero() || s.Value.IsZero() {
			return false
		}
		if w.Value.Same(s.Value) || foldedSame(w.Value, s.Value) {
			continue
		}
		if paramRefOf(fn, unfold(w.Value)).Param < 0 || paramRefOf(fn, unfold(s.Value)).Param < 0 {
			return false // a value of fn's own differs: another key
		}
		open = true
	}
	return open
}

// namesRow reports that the delete del names the row read found by a key
// column: bound to the very value the read's WHERE binds it to, or to that
// column of the row the read returned (tx.Destroy(code) of the code found).
// Deleting other rows once one is found (the user's other identities, the
// tokens of the user a token belongs to) consumes nothing the lookup found.
func namesRow(b *builder, fi *FuncInfo, read, del *Access) bool {
	for _, k := range del.KeyColumns() {
		wb, _ := del.WhereColumn(k)
		if rb, ok := read.WhereColumn(k); ok {
			if !wb.Value.IsZero() && rb.Value.Same(wb.Value) || wb.Const != "" && rb.Const == wb.Const {
				return true
			}
		}
		if !wb.Value.IsZero() && readsColumn(b, fi, wb.Value, read, k) {
			return true
		}
	}
	return false
}

// FailsAfter reports whether every way out of a's function after a
// returns a non-nil error: a delete of an orphaned row before refusing
// the request ("no valid session found") grants nothing.
func (r *Result) FailsAfter(a *Access) bool {
	if a.Call == nil || a.Call.Block() == nil || a.Fn == nil {
		return false
	}
	fn := a.Fn
	res := fn.Signature.Results()
	if res.Len() == 0 || !isErrorType(res.At(res.Len()-1).Type()) {
		return false
	}
	n := 0
	for _, ret := range returns(fn) {
		if !ssautil.Reachable(a.Call.Block(), ret.Block()) {
			continue
		}
		n++
		if len(ret.Results) != res.Len() || !definiteError(ret.Results[res.Len()-1], ret.Block()) {
			return false
		}
	}
	return n > 0
}

// definiteError reports an error value that cannot be nil: a concrete
// error made into an interface (apierrors.NewBadRequestError(...)), a
// sentinel, errors.New or fmt.Errorf. A call returning error may return
// nil.
func definiteError(v ssa.Value, at *ssa.BasicBlock) bool {
	if testedNonNil(v, at) {
		return true // if err != nil { return err }
	}
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return !isNil(x.X)
	case *ssa.UnOp:
		return globalName(x) != ""
	case *ssa.Call:
		switch analysisutil.FuncName(&x.Call) {
		case "errors.New", "fmt.Errorf":
			return true
		}
	}
	return false
}

// testedNonNil reports whether block at runs only where v != nil held.
func testedNonNil(v ssa.Value, at *ssa.BasicBlock) bool {
	if v.Referrers() == nil {
		return false
	}
	for _, r := range *v.Referrers() {
		cmp, ok := r.(*ssa.BinOp)
		if !ok || (cmp.Op != token.NEQ && cmp.Op != token.EQL) || !(isNil(cmp.X) || isNil(cmp.Y)) || cmp.Referrers() == nil {
			continue
		}
		for _, u := range *cmp.Referrers() {
			ifi, ok := u.(*ssa.If)
			if !ok {
				continue
			}
			succ := ifi.Block().Succs[0] // v != nil
			if cmp.Op == token.EQL {
				succ = ifi.Block().Succs[1]
			}
			if len(succ.Preds) == 1 && succ.Dominates(at) {
				return true
			}
		}
	}
	return false
}

// failsFrom reports whether every return of fn reachable from blk returns
// a non-nil error as its last result.
func failsFrom(fn *ssa.Function, blk *ssa.BasicBlock) bool {
	res := fn.Signature.Results()
	if res.Len() == 0 || !isErrorType(res.At(res.Len()-1).Type()) {
		return false
	}
	n := 0
	for _, ret := range returns(fn) {
		if !ssautil.Reachable(blk, ret.Block()) {
			continue
		}
		n++
		if len(ret.Results) != res.Len() || isNil(ret.Results[res.Len()-1]) {
			return false
		}
	}
	return n > 0
}

// SameValue reports whether x and y hold the same value in fn: the same Go
// value, or a column of a row looked up by the other (endpoint.UID of the
// endpoint read WHERE uid = req.EndpointID is req.EndpointID).
func (r *Result) SameValue(fn *ssa.Function, x, y Ref) bool {
	return x.Same(y) || r.lookedUpBy(fn, x, y) || r.lookedUpBy(fn, y, x) || storedAs(x, y) || storedAs(y, x) || foldedSame(x, y) || mappedSame(x, y) || capturedSame(x, y)
}

// capturedSame reports two values that are one once the variables a
// closure shares with its parent are read through: ws.ID inside a
// transaction's callback, ws := Workspace{ID: id} outside it, is the id
// the callback reads from the captured id.
func capturedSame(x, y Ref) bool {
	cx, okx := outerValue(x)
	cy, oky := outerValue(y)
	return (okx || oky) && cx != nil && unwrap(cx) == unwrap(cy)
}

// outerValue returns the value r holds when r reads captured variables
// (or a field of a captured struct, stored once) assigned once, and
// whether it read through one.
func outerValue(r Ref) (ssa.Value, bool) {
	v, through := r.Root, false
	if r.Path != "" {
		base, ok := capturedVar(v)
		if !ok {
			return nil, false
		}
		v, through = storedField(base, strings.Split(r.Path[1:], ".")), true
		if v == nil {
			return nil, false
		}
	}
	for i := 0; i < 4; i++ {
		var cell ssa.Value
		switch x := unwrap(v).(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return v, through
			}
			cell = x.X
		case *ssa.FreeVar:
			cell = x // the model names a captured variable's value by the variable
		default:
			return v, through
		}
		if fv, ok := cell.(*ssa.FreeVar); ok {
			cell = ssautil.ClosureBinding(fv)
			through = true
		}
		a, ok := cell.(*ssa.Alloc)
		if !ok || hasFieldStores(a) {
			break
		}
		st := soleStore(a)
		if st == nil {
			break
		}
		v = st
	}
	return v, through
}

// capturedVar returns the parent's variable a closure's free variable (or
// a load of it) stands for.
func capturedVar(v ssa.Value) (ssa.Value, bool) {
	v = unwrap(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		v = ld.X
	}
	fv, ok := v.(*ssa.FreeVar)
	if !ok {
		return nil, false
	}
	b := ssautil.ClosureBinding(fv)
	return b, b != nil
}

// foldedSame reports two keys that are one value normalized in Go
// (apis.StringFolds) on one side or both: a summary names the lookup of
// strings.ToLower(name) by name (a conversion stands for its argument),
// and the insert binds another strings.ToLower(name).
func foldedSame(x, y Ref) bool {
	fx, fy := unfold(x), unfold(y)
	return (fx != x || fy != y) && fx.Same(fy)
}

// unfold returns the value a key is a normalization of, or the key.
func unfold(r Ref) Ref {
	for i := 0; i < 3 && r.Path == "" && r.Root != nil; i++ {
		call, ok := unwrap(r.Root).(*ssa.Call)
		if !ok || !apis.StringFolds[analysisutil.FuncName(&call.Call)] || len(call.Call.Args) != 1 {
			break
		}
		r = refOf(call.Call.Args[0])
	}
	return r
}

// storedAs reports whether field x holds y because fn stores y into it,
// once: entry.FeedID after entry.FeedID = feedID.
func storedAs(x, y Ref) bool {
	if x.Root == nil || y.Root == nil || x.Path == "" || y.Path != "" {
		return false
	}
	sv := storedField(x.Root, strings.Split(x.Path[1:], "."))
	return sv != nil && unwrap(sv) == unwrap(y.Root)
}

func (r *Result) lookedUpBy(fn *ssa.Function, x, y Ref) bool {
	for _, src := range r.Sources(fn, x) {
		if src.Derived {
			continue
		}
		if w, ok := src.Read.WhereColumn(src.Column); ok && w.Op == "=" && !w.Value.IsZero() && w.Value.Same(y) {
			return true
		}
	}
	// A field of the row a lookup returned, whose column (by its db or
	// gorm tag, else its name) is the lookup's key: project.UID of the
	// project FetchProjectByID(ctx, id) returned holds id, even when the
	// row is built from the result by a helper the model does not follow
	// (convoy's rowToProject) or the lookup is known by its name alone.
	if x.Root == nil || x.Path == "" || strings.Contains(x.Path[1:], ".") {
		return false
	}
	fi := r.Func(fn)
	if fi == nil {
		return false
	}
	root := unwrap(x.Root)
	call := root
	if ex, ok := root.(*ssa.Extract); ok && ex.Index == 0 {
		call = ex.Tuple
	}
	col := fieldColumn(root.Type(), x.Path[1:])
	if col == "" {
		return false
	}
	for _, a := range fi.Accesses {
		if a.Kind != KindRead || a.Call == nil || a.Call.Value() == nil || ssa.Value(a.Call.Value()) != call || a.Count || a.Exists {
			continue
		}
		for _, w := range a.Where {
			if w.Op == "=" && !w.Value.IsZero() && w.Value.Same(y) && w.Column == col {
				return true
			}
		}
	}
	return false
}

// fieldColumn returns the column the field name of the struct t (or of
// what t points to) maps to: its db tag, its gorm column, or its name in
// snake case; "" when t has no such field.
func fieldColumn(t types.Type, name string) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if f.Name() != name {
			continue
		}
		tag := reflect.StructTag(st.Tag(i))
		if db, _, _ := strings.Cut(tag.Get("db"), ","); db != "" && db != "-" {
			return db
		}
		if g := parseGormTag(tag.Get("gorm")); g["column"] != "" {
			return g["column"]
		}
		return snakeCase(f.Name())
	}
	return ""
}

// FlagOf returns the read whose found flag v holds at the instruction at:
// the flag itself, or a field the flag was stored into before at
// (event.IsDuplicateEvent = exists).
func (r *Result) FlagOf(fn *ssa.Function, v Ref, at ssa.Instruction) *Access {
	fi := r.Func(fn)
	if fi == nil || v.Root == nil {
		return nil
	}
	val := v.Root
	if v.Path != "" {
		val = nil
		root := unwrap(v.Root)
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok || !ssautil.Before(st, at) {
					continue
				}
				if ref := refOf(st.Addr); ref.Path == v.Path && unwrap(ref.Root) == root {
					if val != nil && val != st.Val {
						return nil // stored more than once
					}
					val = st.Val
				}
			}
		}
		if val == nil {
			return nil
		}
	}
	a := fi.flag(val, map[ssa.Value]bool{})
	if a == nil || a.Kind != KindRead {
		return nil
	}
	return a
}

// flag returns the read a boolean v says found a row when true: a found
// flag, a test of the read's outcome (len(events) > 0, err == nil), or a
// phi of those and false (the lookup not made).
func (fi *FuncInfo) flag(v ssa.Value, seen map[ssa.Value]bool) *Access {
	v = unwrap(v)
	if seen[v] || len(seen) > 32 {
		return nil
	}
	seen[v] = true
	if phi, ok := v.(*ssa.Phi); ok {
		var found *Access
		for _, e := range phi.Edges {
			if c, ok := unwrap(e).(*ssa.Const); ok && c.Value != nil && c.Value.ExactString() == "false" {
				continue
			}
			a := fi.flag(e, seen)
			if a == nil || found != nil && a != found {
				return nil
			}
			found = a
		}
		return found
	}
	if !isBoolType(v.Type()) {
		return nil
	}
	if a, trueFound, ok := fi.foundness(v, fi.b); ok && trueFound {
		return a
	}
	return nil
}

// DecidingLookup returns the read whose finding the row decides that the
// write w runs, when w names the row it found: the lookup of a one-time
// row that an update then marks (a recovery code found unused, then set
// used), as consumedRead does for a delete. gated reports that every
// return on the not-found side fails, so callers go on only when the row
// was found.
func (r *Result) DecidingLookup(w *Access) (read *Access, gated bool) {
	if r == nil || r.b == nil || w == nil || w.Call == nil || w.Call.Block() == nil {
		return nil, false
	}
	fi := r.Func(w.Fn)
	if fi == nil {
		return nil, false
	}
	return r.b.consumedRead(fi, w)
}

// CallerInsert is a row a caller inserted before the call that reaches a
// read of it: Insert is the caller's INSERT, Call the call.
type CallerInsert struct {
	Call   ssa.CallInstruction
	Insert *Access
}

// InsertedByCallers returns, for a read keyed by a field of a parameter of
// its function, the insert of that row each caller made before the call:
// the function (unexported, only called directly) re-reads the row every
// caller has just created, with the key the caller's INSERT bound.
//
//	repo := &Repository{OwnerID: owner.ID, Name: name}
//	sess.Begin()
//	createRepository(sess, repo)      // INSERT INTO repository: repo.ID set
//	initRepository(sess, repo)        // getRepositoryByID(e, repo.ID) ... updateRepository(e, repo)
//
// ok is false when some caller did not insert it (or the function has
// callers out of view).
func (r *Result) InsertedByCallers(read *Access) (ins []CallerInsert, ok bool) {
	if r == nil || read == nil || read.Fn == nil || read.Kind != KindRead || read.Table == "" {
		return nil, false
	}
	for _, k := range read.KeyColumns() {
		w, _ := read.WhereColumn(k)
		p, isParam := w.Value.Root.(*ssa.Parameter)
		if !isParam || w.Value.Path == "" || p.Parent() != read.Fn {
			continue // the key of a row found otherwise
		}
		calls, i, direct := r.DirectCalls(p)
		if !direct || len(calls) == 0 {
			return nil, false
		}
		ins = ins[:0]
		for _, c := range calls {
			x := r.insertBefore(c, read.Table, k, ssautil.FullArgs(c.Common())[i], w.Value.Path)
			if x == nil {
				break
			}
			ins = append(ins, CallerInsert{Call: c, Insert: x})
		}
		if len(ins) == len(calls) {
			return ins, true
		}
	}
	return nil, false
}

// insertBefore returns a plain INSERT into table, made by the function of
// call before it, binding col to the field path of arg.
func (r *Result) insertBefore(call ssa.CallInstruction, table, col string, arg ssa.Value, path string) *Access {
	fi := r.Func(call.Parent())
	if fi == nil {
		return nil
	}
	want := Ref{Root: ssautil.Unwrap(arg), Path: path}
	for _, x := range fi.Accesses {
		if x.Kind != KindInsert || x.Table != table || x.Conflict != sqltext.ConflictNone || x.Upsert != nil || x.Call == nil || x.Call == call {
			continue // an upsert may leave another's row in place
		}
		s, ok := x.SetColumn(col)
		if !ok || s.Value.IsZero() || !(Ref{Root: ssautil.Unwrap(s.Value.Root), Path: s.Value.Path}).Same(want) {
			continue
		}
		if ssautil.Before(x.Call, call) {
			return x
		}
	}
	return nil
}

// SameKey is SameValue for the key columns of two statements, where a
// pointer bound to a column stands for the variable it points to: a row
// inserted with AppId: &appId has the app_id that WHERE app_id = appId
// names.
func (r *Result) SameKey(fn *ssa.Function, x, y Ref) bool {
	return r.SameValue(fn, x, y) || addressOf(x, y) || addressOf(y, x)
}

// addressOf reports a pointer p to a variable whose one store is v.
func addressOf(p, v Ref) bool {
	if p.Path != "" || p.Root == nil {
		return false
	}
	alloc, ok := unwrap(p.Root).(*ssa.Alloc)
	if !ok {
		return false
	}
	st := soleStore(alloc)
	return st != nil && refOf(st).Same(v)
}
