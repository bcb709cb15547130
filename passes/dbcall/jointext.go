package dbcall

import (
	"go/constant"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/sqltext"
)

// maxJoinElems bounds the elements joinText collects from one slice.
const maxJoinElems = 64

// joinText resolves strings.Join(elems, sep) over a slice of SQL pieces
// assembled in the function: a slice literal, the pieces appended to it
// (under an if, or in a loop of placeholders), on every path:
//
//	set, args := []string{}, []any{}
//	if v := update.Title; v != nil {
//		set, args = append(set, "`title` = ?"), append(args, *v)
//	}
//	stmt := "UPDATE `memo` SET " + strings.Join(set, ", ") + " WHERE `id` = ?"
//
// The text joins every piece any path holds, in the order they are
// appended (a value reached on two paths counts once). When a path holds fewer (a piece appended on some paths
// only) or pieces the model cannot see (the slice handed to another
// function), a hole follows them, so the statement stays partial: its
// table, WHERE and SET columns are known, whether each one is present on
// a given call is not.
func (b *builder) joinText(call *ssa.CallCommon, depth int, memo *map[ssa.Value]text) text {
	hole := text{s: sqltext.Hole, param: -1}
	if len(call.Args) != 2 {
		return hole
	}
	sep, ok := constString(call.Args[1])
	if !ok {
		return hole
	}
	j := &joinElems{seen: map[ssa.Value]bool{}}
	j.collect(b, call.Args[0], 0)
	if len(j.vals) == 0 {
		return hole
	}
	var parts []string
	known := false
	rec := joinRecord{unknown: j.unknown}
	for i, v := range j.vals {
		t := b.resolveTextDepth(v, depth+1, memo)
		known = known || t.known
		parts = append(parts, t.s)
		if strings.Contains(t.s, sqltext.Hole) {
			rec.unknown = true
		}
		for n := strings.Count(t.s, "?"); n > 0; n-- {
			rec.blocks = append(rec.blocks, j.blocks[i])
		}
	}
	if j.some || j.unknown {
		parts = append(parts, sqltext.Hole)
	}
	if b.joins != nil {
		*b.joins = append(*b.joins, rec)
	}
	return text{s: strings.Join(parts, sep), known: known, param: -1}
}

// joinRecord is what lockstepArgs needs of a join resolved into a
// statement: the block appending the piece of each of its ? placeholders,
// in order, and whether a piece was not seen.
type joinRecord struct {
	blocks  []*ssa.BasicBlock
	unknown bool
}

// joinElems collects the string values a slice may hold.
type joinElems struct {
	vals    []ssa.Value
	blocks  []*ssa.BasicBlock // the block storing each of vals
	seen    map[ssa.Value]bool
	some    bool // a path holds fewer of them
	unknown bool // pieces the model cannot see
}

func (j *joinElems) collect(b *builder, v ssa.Value, depth int) {
	b.spend()
	v = unwrap(v)
	if v == nil || depth > 32 || len(j.vals) > maxJoinElems {
		j.unknown = true
		return
	}
	if j.seen[v] {
		return
	}
	j.seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		if !x.IsNil() {
			j.unknown = true
		}
	case *ssa.MakeSlice:
		// make([]string, 0, n): empty until appended to.
		if c, ok := x.Len.(*ssa.Const); !ok || c.Value == nil || c.Value.Kind() != constant.Int || c.Int64() != 0 {
			j.unknown = true
		}
	case *ssa.Slice:
		a, ok := x.X.(*ssa.Alloc)
		if !ok || x.Low != nil || x.High != nil || x.Max != nil {
			j.unknown = true
			return
		}
		j.literal(a)
	case *ssa.Call:
		if bi, ok := x.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" && len(x.Call.Args) == 2 {
			j.collect(b, x.Call.Args[0], depth+1)
			j.collect(b, x.Call.Args[1], depth+1)
			return
		}
		j.unknown = true
	case *ssa.Phi:
		// Edges that differ (if v != nil { where = append(where, ...) },
		// either of two pieces, a loop) hold different pieces: each holds
		// on some paths only.
		for _, e := range x.Edges {
			if unwrap(e) != unwrap(x.Edges[0]) {
				j.some = true
			}
			j.collect(b, e, depth+1)
		}
	case *ssa.UnOp:
		// A slice variable whose address is taken (&where handed to a
		// helper that appends to it): what is stored in it, and unknown
		// pieces from the helper.
		a, ok := x.X.(*ssa.Alloc)
		if !ok {
			j.unknown = true
			return
		}
		for _, r := range *a.Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr == a {
					j.collect(b, r.Val, depth+1)
				}
			case *ssa.UnOp, *ssa.DebugRef:
			default:
				j.unknown = true
			}
		}
		j.some = true
	default:
		j.unknown = true
	}
}

// literal collects the elements stored into the array of a slice literal
// ([]string{"a", "b"}, or the variadic arguments of append), by index.
func (j *joinElems) literal(a *ssa.Alloc) {
	type elem struct {
		i int64
		v ssa.Value
	}
	var es []elem
	for _, r := range *a.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		c, ok := ia.Index.(*ssa.Const)
		if !ok {
			j.unknown = true
			return
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				es = append(es, elem{c.Int64(), st.Val})
			}
		}
	}
	sort.SliceStable(es, func(x, y int) bool { return es[x].i < es[y].i })
	for _, e := range es {
		j.vals = append(j.vals, e.v)
		j.blocks = append(j.blocks, a.Block())
	}
}

// trailingArgs binds the arguments appended last to a list built on
// several paths to the last placeholders of its statement, the pieces of
// text after every unknown part:
//
//	set, args := []string{}, []any{}
//	if v := update.Name; v != nil {
//		set, args = append(set, "`name` = ?"), append(args, *v)
//	}
//	args = append(args, update.ID)
//	stmt := "UPDATE `webhook` SET " + strings.Join(set, ", ") + " WHERE `id` = ?"
//
// binds update.ID to `id` = ?. Only ? placeholders (numbered ones name
// their argument by its position from the start), and only placeholders
// after the text's last hole: a hole may hide placeholders of its own.
func (b *builder) trailingArgs(v ssa.Value, s string, stmt *sqltext.Stmt) []ssa.Value {
	n := questionParams(stmt)
	if n == 0 {
		return nil
	}
	var rev []ssa.Value
	for i := 0; i < 32; i++ {
		b.spend()
		call, ok := unwrap(v).(*ssa.Call)
		if !ok {
			break
		}
		bi, ok := call.Call.Value.(*ssa.Builtin)
		if !ok || bi.Name() != "append" || len(call.Call.Args) != 2 {
			break
		}
		vals, ok := variadicArgs(call.Call.Args[1])
		if !ok {
			return nil
		}
		for j := len(vals) - 1; j >= 0; j-- {
			rev = append(rev, vals[j])
		}
		v = call.Call.Args[0]
	}
	k := len(rev)
	if k == 0 || k > n {
		return nil
	}
	last := strings.LastIndex(s, sqltext.Hole)
	if last >= 0 && stmt.Params[n-k].Span.Start < last {
		return nil
	}
	bound := make([]ssa.Value, n)
	for j := 0; j < k; j++ {
		bound[n-1-j] = rev[j]
	}
	return bound
}

// lockstepArgs binds the placeholders of a list's pieces to the arguments
// appended beside them, in the same blocks (memos' store):
//
//	set, args := []string{}, []any{}
//	if v := update.Name; v != nil {
//		set, args = append(set, "`name` = ?"), append(args, *v)
//	}
//	args = append(args, update.ID)
//	stmt := "UPDATE `webhook` SET " + strings.Join(set, ", ") + " WHERE `id` = ?"
//
// binds `name` = ? to *v and `id` = ? to update.ID. It answers only when
// the statement's ? placeholders are those of one joined list, followed by
// those after its last hole, and the arguments, all seen, are appended in
// the same blocks in the same order as the pieces: on every path each
// piece then goes with its own arguments.
func (b *builder) lockstepArgs(args ssa.Value, s string, stmt *sqltext.Stmt, joins []joinRecord) []ssa.Value {
	n := questionParams(stmt)
	if n == 0 {
		return nil
	}
	var rec *joinRecord
	for i := range joins {
		if len(joins[i].blocks) == 0 {
			continue
		}
		if rec != nil {
			return nil // two lists with placeholders: their order in the text is not known here
		}
		rec = &joins[i]
	}
	if rec == nil || rec.unknown {
		return nil
	}
	after := 0
	last := strings.LastIndex(s, sqltext.Hole)
	for _, p := range stmt.Params {
		if p.Span.Start > last {
			after++
		}
	}
	if len(rec.blocks)+after != n {
		return nil // placeholders outside the list and its tail
	}
	j := &joinElems{seen: map[ssa.Value]bool{}}
	j.collect(b, args, 0)
	if j.unknown || len(j.vals) != n {
		return nil
	}
	for i, blk := range rec.blocks {
		if j.blocks[i] != blk {
			return nil
		}
	}
	out := make([]ssa.Value, n)
	for i, v := range j.vals {
		out[i] = unwrap(v)
	}
	return out
}

// questionParams returns the number of the statement's placeholders when
// every one is a ? in its place (the arguments bind them in order), else 0.
func questionParams(stmt *sqltext.Stmt) int {
	for _, p := range stmt.Params {
		if p.Style != sqltext.ParamQuestion || p.Index < 0 {
			return 0
		}
	}
	return len(stmt.Params)
}
