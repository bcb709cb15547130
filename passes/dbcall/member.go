package dbcall

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// members registers the membership tests of fn as lookups: a map built
// from a column of the rows a read returned, indexed by a value, finds
// whether a row of that read has the column equal to the value.
//
//	old, _ := s.links(tx, post)           // SELECT ... FROM links WHERE post_id = $1
//	byURL := map[string]*Link{}
//	for _, l := range old {
//		byURL[l.URL] = l
//	}
//	if _, ok := byURL[n.URL]; !ok {       // a lookup of links WHERE post_id = ? AND url = n.URL
//		s.addLink(tx, n)
//	}
//
// The read's own conditions are the set the rows came from (the post's
// links): the values compared with them are left unknown, as the rows
// the code inserts to complete that set carry them in fields of their
// own.
func (b *builder) members(fn *ssa.Function, fi *FuncInfo) {
	if len(fi.Accesses) == 0 {
		return
	}
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			l, ok := instr.(*ssa.Lookup)
			if !ok {
				continue
			}
			if _, isMap := l.X.Type().Underlying().(*types.Map); !isMap {
				continue
			}
			sig := memberSignal(l)
			if sig == nil {
				continue
			}
			if _, dup := fi.signals[sig]; dup {
				continue
			}
			read, col := b.mapOfColumn(fi, l.X)
			if read == nil {
				continue
			}
			a := *read
			a.Where = nil
			for _, w := range read.Where {
				w.Value, w.From = Ref{}, nil
				a.Where = append(a.Where, w)
			}
			a.Where = append(a.Where, Binding{Column: col, Op: "=", Value: b.resolveRef(refOf(l.Index))})
			a.Reads, a.Count, a.Exists = nil, false, false
			a.Pos = l.Pos()
			a.Member = l
			a.Found = Outcome{Signal: SignalBool, Values: []ssa.Value{sig}}
			fi.signals[sig] = &a
		}
	}
}

// memberSignal returns the value of a map lookup that is true when the
// key is present: ok of v, ok := m[k], or m[k] of a map of bools.
func memberSignal(l *ssa.Lookup) ssa.Value {
	if !l.CommaOk {
		if bt, ok := l.Type().Underlying().(*types.Basic); ok && bt.Kind() == types.Bool {
			return l
		}
		return nil
	}
	for _, ref := range *l.Referrers() {
		if ex, ok := ref.(*ssa.Extract); ok && ex.Index == 1 {
			return ex
		}
	}
	return nil
}

// mapOfColumn returns the read whose rows' column keys every entry of the
// map m (a map literal of fn): each m[k] = v has k a column of the rows
// the read returned (a field of each element of a slice it returned, or
// a value it scanned).
func (b *builder) mapOfColumn(fi *FuncInfo, m ssa.Value) (*Access, string) {
	mk, ok := unwrap(m).(*ssa.MakeMap)
	if !ok || mk.Referrers() == nil {
		return nil, ""
	}
	var read *Access
	col := ""
	for _, ref := range *mk.Referrers() {
		up, ok := ref.(*ssa.MapUpdate)
		if !ok {
			continue
		}
		r, c := rowColumn(fi, up.Key)
		if r == nil || read != nil && (r != read || c != col) {
			return nil, ""
		}
		read, col = r, c
	}
	return read, col
}

// rowColumn returns the read and column whose value k is: a field of an
// element of the rows a read returned (Reads with ElemPath), or a value
// scanned into a local.
func rowColumn(fi *FuncInfo, k ssa.Value) (*Access, string) {
	k = unwrap(k)
	path := ""
	for i := 0; i < 4; i++ {
		ld, ok := k.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			break
		}
		fa, ok := ld.X.(*ssa.FieldAddr)
		if !ok {
			break
		}
		st, ok := derefStruct(fa.X.Type())
		if !ok {
			return nil, ""
		}
		path = "." + st.Field(fa.Field).Name() + path
		k = unwrap(fa.X)
	}
	var root ssa.Value
	switch x := k.(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return nil, ""
		}
		if ia, ok := x.X.(*ssa.IndexAddr); ok && path != "" {
			root, path = unwrap(ia.X), ElemPath+path
		} else if al, ok := x.X.(*ssa.Alloc); ok && path == "" {
			root = al
		}
	}
	if root == nil {
		return nil, ""
	}
	for _, a := range fi.Accesses {
		if a.Kind != KindRead || a.Count || a.Exists {
			continue
		}
		for _, r := range a.Reads {
			if r.Dest.Root != nil && unwrap(r.Dest.Root) == root && r.Dest.Path == path {
				return a, r.Column
			}
		}
	}
	return nil, ""
}

func derefStruct(t types.Type) (*types.Struct, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		st, ok := p.Elem().Underlying().(*types.Struct)
		return st, ok
	}
	return nil, false
}

// MapFilled returns the stores into a map literal of the function whose
// range v is a key or value of (for _, l := range toAdd): the places that
// decide which items the loop sees.
func MapFilled(v ssa.Value) []*ssa.MapUpdate {
	ex, ok := unwrap(v).(*ssa.Extract)
	if !ok || ex.Index != 1 && ex.Index != 2 {
		return nil
	}
	next, ok := ex.Tuple.(*ssa.Next)
	if !ok || next.IsString {
		return nil
	}
	rng, ok := next.Iter.(*ssa.Range)
	if !ok {
		return nil
	}
	mk, ok := unwrap(rng.X).(*ssa.MakeMap)
	if !ok || mk.Referrers() == nil {
		return nil
	}
	var ups []*ssa.MapUpdate
	for _, ref := range *mk.Referrers() {
		switch r := ref.(type) {
		case *ssa.MapUpdate:
			ups = append(ups, r)
		case *ssa.Range, *ssa.Lookup, *ssa.DebugRef:
		default:
			return nil // the map escapes: filled elsewhere too
		}
	}
	return ups
}

// mappedRef returns the value every store into the map puts where r (a
// field of a range value of a map literal) comes from, as r's path below
// it: toAdd[l.URL] = l makes the range's value l.
func mappedRef(r Ref) (Ref, bool) {
	if r.Root == nil {
		return Ref{}, false
	}
	ex, ok := unwrap(r.Root).(*ssa.Extract)
	if !ok {
		return Ref{}, false
	}
	ups := MapFilled(ex)
	if len(ups) == 0 {
		return Ref{}, false
	}
	var v ssa.Value
	for _, up := range ups {
		x := up.Value
		if ex.Index == 1 {
			x = up.Key
		}
		if v != nil && unwrap(x) != v {
			return Ref{}, false
		}
		v = unwrap(x)
	}
	base := refOf(v)
	if base.Root == nil {
		return Ref{}, false
	}
	return Ref{Root: base.Root, Path: base.Path + r.Path}, true
}

// mappedSame reports two values one of which is the other passed through
// a map literal (mappedRef).
func mappedSame(x, y Ref) bool {
	if mx, ok := mappedRef(x); ok && mx.Same(y) {
		return true
	}
	my, ok := mappedRef(y)
	return ok && my.Same(x)
}
