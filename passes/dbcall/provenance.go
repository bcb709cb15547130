package dbcall

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
)

// Source is a database column a Go value comes from.
type Source struct {
	Read   *Access // the read that delivered the column
	Column string
	// Derived reports that the value was computed from the column
	// (arithmetic, append, a call taking it), not passed on unchanged.
	Derived bool
	// Delta is set when the value is the column plus or minus a constant
	// or a value not read from the database: Op is "+" or "-" and Operand
	// the other operand.
	Op      string
	Operand ssa.Value
	// Changer names, for a value derived only because it was handed to
	// a callback the function was given (modify(t)), that callback.
	Changer string
}

// Sources returns the database columns the value ref is computed from in
// fn: the destinations of reads (Scan targets, gorm and sqlx structs, rows
// returned by summarized functions) reached backwards through arithmetic,
// conversions, phis, calls taking the value, and stores into variables and
// fields.
//
//	err := row.Scan(&views)        // views ← posts.view_count
//	n := views + 1                 // n ← posts.view_count (derived, +1)
func (r *Result) Sources(fn *ssa.Function, ref Ref) []Source {
	return r.SourcesAt(fn, ref, nil)
}

// SourcesAt is Sources for the value as it is at the instruction at (the
// write that uses it): a called method that assigns the field from itself
// before at (o.RecordFailure(err) doing o.FailureCount++) makes the value
// derived. Sources, without a point, does not look at callees.
func (r *Result) SourcesAt(fn *ssa.Function, ref Ref, at ssa.Instruction) []Source {
	return sourcesIn(r.b, r.Func(fn), ref, at)
}

// sourcesIn is SourcesAt on the model fi, while it is being built.
func sourcesIn(b *builder, fi *FuncInfo, ref Ref, at ssa.Instruction) []Source {
	if fi == nil || ref.Root == nil {
		return nil
	}
	p := &prov{fi: fi, seen: map[provKey]bool{}, b: b, at: at}
	p.ref(ref, false, 0)
	return p.out
}

type provKey struct {
	v    ssa.Value
	path string
}

type prov struct {
	b    *builder // for the field assignments of callees (mutatesFact)
	at   ssa.Instruction
	fi   *FuncInfo
	seen map[provKey]bool
	out  []Source
	op   string
	opnd ssa.Value
	// changer is the callback the value is given to (givenToCallback)
	// while the value is visited as changed by it.
	changer string
}

func (p *prov) add(a *Access, col string, derived bool) {
	for i, s := range p.out {
		if s.Read == a && s.Column == col {
			if derived && !s.Derived {
				p.out[i].Derived = true
				p.out[i].Changer = p.changer
			}
			return
		}
	}
	p.out = append(p.out, Source{Read: a, Column: col, Derived: derived, Op: p.op, Operand: p.opnd, Changer: p.changer})
}

// ref visits a memory location or value named by a Ref.
func (p *prov) ref(r Ref, derived bool, depth int) {
	if r.Root == nil || depth > 24 {
		return
	}
	k := provKey{r.Root, r.Path}
	if derived {
		k.path += "#derived"
	}
	if p.seen[k] {
		return
	}
	p.seen[k] = true
	// A read's destination.
	for _, a := range p.fi.Accesses {
		if a.Kind != KindRead {
			continue
		}
		for _, rd := range a.Reads {
			if rd.Dest.Root == nil {
				continue
			}
			// The destination, a field of it, or a location inside it
			// (raw.String of a scanned sql.NullString).
			if rd.Dest.Same(r) || rd.Dest.Root == r.Root && (strings.HasPrefix(rd.Dest.Path, r.Path+".") && r.Path != "" || strings.HasPrefix(r.Path, rd.Dest.Path+".")) {
				p.add(a, rd.Column, derived || rd.Derived)
			}
		}
	}
	// A map or slice read with the row and changed in place before the
	// write (attrs[k] = v, tags[0] = t): the value written is the column
	// recomputed, though no new value was stored in the variable.
	if !derived && p.changedInPlace(r) {
		p.ref(r, true, depth+1)
	}
	if r.Path == "" {
		// The value is the initial content of a variable whose address
		// is taken (meta := map[string]any{}; json.Unmarshal(b, &meta)):
		// what the variable holds at the write is the value read through it.
		if refs := r.Root.Referrers(); refs != nil {
			for _, ref := range *refs {
				if st, ok := ref.(*ssa.Store); ok && st.Val == r.Root {
					if a, ok := st.Addr.(*ssa.Alloc); ok {
						p.ref(Ref{Root: a}, derived, depth+1)
					}
				}
			}
		}
		p.outParams(r.Root, depth)
		p.value(r.Root, derived, depth+1)
		return
	}
	// A field of a struct a decoder filled whole (json.Unmarshal(doc, t);
	// then t.ID): what the document said.
	p.decodedInto(r.Root, depth)
	// A field of a row pointer chosen on the paths that merge here (the
	// token of whichever grant type's helper ran): the fields of each.
	if phi, ok := r.Root.(*ssa.Phi); ok {
		if _, ptr := phi.Type().Underlying().(*types.Pointer); ptr {
			for _, e := range phi.Edges {
				if !isNilConst(e) {
					p.ref(Ref{Root: unwrap(e), Path: r.Path}, derived, depth+1)
				}
			}
		}
	}
	// Stores into the location: p.Views = p.Views + 1.
	stores := storesTo(r)
	for _, st := range stores {
		p.value(st, derived, depth+1)
	}
	if len(stores) == 0 {
		p.callbackHeld(r, derived, depth)
	}
	// A method or function given the struct recomputes the field from
	// itself: o.RecordFailure(err) doing o.FailureCount++.
	if !derived && p.at != nil && p.selfAssigned(r) {
		p.ref(r, true, depth+1)
	} else if !derived && p.at != nil {
		// A function value the function was given, called with the
		// struct before the write (modify(t) of an UpdateTask(ctx, id,
		// modify)): its body is the caller's, out of view, and the
		// point of handing it the row is to let it change the row.
		if name, ok := p.givenToCallback(r); ok {
			old := p.changer
			p.changer = name
			p.ref(r, true, depth+1)
			p.changer = old
		}
	}
}

// callbackHeld visits what the field r of a struct handed to a callback
// held before the callback ran, which refOf and resolveRef keep as the
// struct (see throughCtors): the field of the value a variable was
// assigned whole once (run := rec.toRun(); modify(&run); run.Status), the
// field a constructor set from what it was given (t, _ := rec.toTask();
// modify(t); t.State), or, when the constructor is not known field by
// field, everything it was given.
func (p *prov) callbackHeld(r Ref, derived bool, depth int) {
	if r.Path == "" || !handedToCallback(r.Root) {
		return
	}
	v := r.Root
	if a, ok := v.(*ssa.Alloc); ok {
		st := soleStore(a)
		if st == nil {
			return
		}
		v = unwrap(st)
	}
	if c, _ := resultCall(v); c == nil {
		if v != r.Root {
			p.ref(Ref{Root: v, Path: r.Path}, derived, depth+1)
		}
		return
	}
	inner := Ref{Root: v, Path: r.Path}
	if p.b != nil {
		inner = p.b.throughCtors(inner, false)
	}
	if inner.Root == v {
		p.value(v, derived, depth+1) // a call: computed from its arguments
		return
	}
	p.ref(inner, derived, depth+1)
}

// givenToCallback reports, with the callback's name, a call of a function
// value that is a parameter of the function (or one a closure captured)
// given the struct holding r (or a struct on the way to it) by address
// before the write p.at:
//
//	t, err := s.getTask(ctx, id)   // t.State ← tasks.state
//	if err := modify(t); err != nil { ... }
//	db.Exec(`UPDATE tasks SET state = $1 WHERE id = $2`, t.State, id)
//
// A function literal or a declared function is no callback here: its
// assignments are known (selfAssigned).
func (p *prov) givenToCallback(r Ref) (string, bool) {
	for _, c := range fieldHolders(r) {
		if !mutableThrough(c.v.Type()) {
			continue // a copy: nothing the callee does reaches the value
		}
		for _, call := range callbacksGiven(c.v) {
			if mayPrecede(call, p.at) {
				return givenFunc(call.Common().Value).Name(), true
			}
		}
	}
	return "", false
}

// mutableThrough reports a type through which a callee can change what a
// caller holds: a pointer, a map or a slice.
func mutableThrough(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Slice:
		return true
	}
	return false
}

// selfAssigned reports whether a call given the struct holding r (or a
// struct on the way to it) assigns r's field from its old value, by the
// callee's mutatesFact.
func (p *prov) selfAssigned(r Ref) bool {
	for _, c := range fieldHolders(r) {
		for _, call := range callsGiven(c.v) {
			if !mayPrecede(call, p.at) {
				continue
			}
			m, known := p.b.mutations(call.Common())
			if !known || m == nil {
				continue
			}
			for i, arg := range ssautil.FullArgs(call.Common()) {
				if unwrap(arg) != c.v {
					continue
				}
				rest := strings.TrimPrefix(r.Path, c.path)
				for _, f := range m.Fields {
					if f.Param == i && f.Self && (f.Path == rest || strings.HasPrefix(rest, f.Path+".")) {
						return true
					}
				}
			}
		}
	}
	return false
}

// mayPrecede reports whether x may run before at.
func mayPrecede(x, at ssa.Instruction) bool {
	xb, ab := x.Block(), at.Block()
	if xb == nil || ab == nil {
		return false
	}
	if xb == ab {
		return ssautil.Index(x) < ssautil.Index(at) || inLoop(xb)
	}
	return ssautil.Reachable(xb, ab)
}

// holder is a value holding a struct on the way to a field path: the root
// (path "") or a FieldAddr below it (path ".Stats").
type holder struct {
	v    ssa.Value
	path string
}

// fieldHolders lists r's root and the field addresses of its function on
// the way to r's field.
func fieldHolders(r Ref) []holder {
	out := []holder{{r.Root, ""}}
	if r.Path == "" {
		return out
	}
	cur := []ssa.Value{r.Root}
	path := ""
	names := strings.Split(strings.TrimPrefix(r.Path, "."), ".")
	for _, name := range names[:len(names)-1] {
		path += "." + name
		cur = fieldStep(cur, name)
		for _, fa := range cur {
			out = append(out, holder{fa, path})
		}
	}
	return out
}

// callsGiven returns the calls taking v as an argument (or receiver),
// directly or boxed in an interface.
func callsGiven(v ssa.Value) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	if v.Referrers() == nil {
		return nil
	}
	for _, ref := range *v.Referrers() {
		switch x := ref.(type) {
		case ssa.CallInstruction:
			out = append(out, x)
		case *ssa.MakeInterface:
			if x.Referrers() != nil {
				for _, rr := range *x.Referrers() {
					if c, ok := rr.(ssa.CallInstruction); ok {
						out = append(out, c)
					}
				}
			}
		}
	}
	return out
}

// value visits an SSA value.
func (p *prov) value(v ssa.Value, derived bool, depth int) {
	if v == nil || depth > 24 {
		return
	}
	v = unwrap(v)
	k := provKey{v, "#value"}
	if derived {
		k.path = "#value#derived"
	}
	if p.seen[k] {
		return
	}
	p.seen[k] = true
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			r := refOf(x.X)
			if p.overwritten(r, x) {
				// u.Password = req.Password; hash(u.Password): the
				// field holds what was stored after the row was read.
				for _, st := range storesTo(r) {
					p.value(st, derived, depth+1)
				}
				return
			}
			// A load reads what the location holds: the read's
			// destination and whatever was stored there.
			p.ref(r, derived, depth+1)
			if r.Path == "" {
				for _, st := range storesTo(Ref{Root: x.X}) {
					p.value(st, derived, depth+1)
				}
			}
			return
		}
		p.value(x.X, true, depth+1)
	case *ssa.BinOp:
		if (x.Op == token.ADD || x.Op == token.SUB) && p.op == "" {
			if c, ok := unwrap(x.Y).(*ssa.Const); ok {
				p.op, p.opnd = x.Op.String(), c
			} else {
				p.op, p.opnd = x.Op.String(), x.Y
			}
		}
		p.value(x.X, true, depth+1)
		p.value(x.Y, true, depth+1)
	case *ssa.Field, *ssa.FieldAddr:
		p.ref(refOf(x), derived, depth+1)
	case *ssa.Extract:
		p.ref(Ref{Root: x}, derived, depth+1)
		switch t := x.Tuple.(type) {
		case *ssa.Call:
			if !p.readResult(x) {
				p.value(x.Tuple, true, depth+1)
			}
		case *ssa.Lookup:
			if x.Index == 0 { // v, ok := m[k]
				p.value(t, derived, depth+1)
			}
		case *ssa.Next:
			// for k, v := range m: the keys and values put into m.
			if rg, ok := t.Iter.(*ssa.Range); ok && !t.IsString && x.Index > 0 {
				p.mapElems(rg.X, x.Index == 1, derived, depth+1)
			}
		}
	case *ssa.Lookup:
		if _, ok := x.X.Type().Underlying().(*types.Map); ok {
			// An element of a map: what was put into it, or part of
			// the map read whole.
			p.mapElems(x.X, false, derived, depth+1)
		}
		p.value(x.X, true, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			p.value(e, derived, depth+1)
		}
	case *ssa.Call:
		if _, isDB := methodOf(&x.Call); isDB {
			return // Scan's error, Next's flag: the read's outcome, not computed from its columns
		}
		if x.Call.IsInvoke() {
			p.value(x.Call.Value, true, depth+1)
		}
		for _, arg := range x.Call.Args {
			if vals, ok := variadicArgs(arg); ok {
				for _, a := range vals {
					p.value(a, true, depth+1)
				}
				continue
			}
			p.value(arg, true, depth+1)
		}
	case *ssa.Alloc, *ssa.Parameter, *ssa.FreeVar, *ssa.Global, *ssa.Const, *ssa.Function, *ssa.MakeClosure:
		p.ref(Ref{Root: x}, derived, depth+1)
	default:
		p.ref(Ref{Root: v}, derived, depth+1)
	}
}

// mapElems visits the keys (or values) put into the map m in its function.
func (p *prov) mapElems(m ssa.Value, keys, derived bool, depth int) {
	for _, v := range mapElems(m, keys) {
		p.value(v, derived, depth+1)
	}
}

// readResult reports whether x is a result of a database call (its columns
// are the read's, not a computation from its arguments).
func (p *prov) readResult(x *ssa.Extract) bool {
	for _, a := range p.fi.Accesses {
		if v := a.Call.Value(); v != nil && v == x.Tuple {
			return true
		}
	}
	return false
}

// outParams visits the inputs of calls that write through the address v
// (json.Unmarshal(data, &v)): what they store derives from their other
// arguments. Database calls (Scan) are the reads themselves.
func (p *prov) outParams(v ssa.Value, depth int) {
	if v.Referrers() == nil {
		return
	}
	if _, ok := v.Type().Underlying().(*types.Pointer); !ok {
		return
	}
	for _, r := range *v.Referrers() {
		var call *ssa.CallCommon
		var callV *ssa.Call
		switch x := r.(type) {
		case *ssa.Call:
			call, callV = x.Common(), x
		case *ssa.MakeInterface:
			if x.Referrers() != nil {
				for _, rr := range *x.Referrers() {
					if c, ok := rr.(*ssa.Call); ok {
						call, callV = c.Common(), c
					}
				}
			}
		}
		if call == nil {
			continue
		}
		if _, isDB := methodOf(call); isDB {
			continue
		}
		if _, isGorm := gormMethod(call); isGorm {
			continue
		}
		args := ssautil.FullArgs(call)
		if p.unnamedBy(call, args, v) {
			continue // s.verify(plain, a.Hash) with a receiver verify never names: nothing flows into s
		}
		if f := analysisutil.CalleeFunc(call); f != nil {
			// A writer wrapped by an encoder (json.NewEncoder(&buf)): what
			// is later written through the encoder lands in v.
			if w, ok := apis.StreamEncoders[apis.RawFullName(f)]; ok && w < len(call.Args) && unwrap(call.Args[w]) == v {
				p.writtenThrough(callV, depth+1)
				continue
			}
			// A decoder: v derives from the data it decodes, nothing else.
			if d, ok := apis.Decoders[apis.RawFullName(f)]; ok {
				data := d.Data
				if f.Type().(*types.Signature).Recv() != nil {
					data++ // FullArgs counts the receiver first
				}
				if data >= 0 && data < len(args) {
					p.value(args[data], true, depth+1)
					continue
				}
			}
		}
		for _, arg := range args {
			if unwrap(arg) == v {
				continue
			}
			p.value(arg, true, depth+1)
		}
	}
}

// decodedInto visits the data of the decoder calls (apis.Decoders) given
// the address v as their destination: the document its fields come from.
func (p *prov) decodedInto(v ssa.Value, depth int) {
	if v.Referrers() == nil {
		return
	}
	if _, ok := v.Type().Underlying().(*types.Pointer); !ok {
		return
	}
	for _, r := range *v.Referrers() {
		var call *ssa.Call
		switch x := r.(type) {
		case *ssa.Call:
			call = x
		case *ssa.MakeInterface:
			if x.Referrers() != nil {
				for _, rr := range *x.Referrers() {
					if c, ok := rr.(*ssa.Call); ok {
						call = c
					}
				}
			}
		}
		if call == nil {
			continue
		}
		f := analysisutil.CalleeFunc(&call.Call)
		if f == nil {
			continue
		}
		d, ok := apis.Decoders[apis.RawFullName(f)]
		if !ok || d.Data < 0 || d.Data >= len(call.Call.Args) || d.Dest >= len(call.Call.Args) || unwrap(call.Call.Args[d.Dest]) != v {
			continue
		}
		p.value(call.Call.Args[d.Data], true, depth+1)
	}
}

// unnamedBy reports a call in view whose callee never names the parameter
// v is given as, at every position v takes (mutatesFact.Untouched).
func (p *prov) unnamedBy(call *ssa.CallCommon, args []ssa.Value, v ssa.Value) bool {
	m, known := p.b.mutations(call)
	if !known || m == nil {
		return false
	}
	given := false
	for i, arg := range args {
		if unwrap(arg) != v {
			continue
		}
		if !m.untouched(i) {
			return false
		}
		given = true
	}
	return given
}

// writtenThrough visits what is written through the wrapper enc returns
// (Encode(x), Write(b) on a json.Encoder, a gzip.Writer, a bufio.Writer):
// the arguments of every call given it.
func (p *prov) writtenThrough(enc *ssa.Call, depth int) {
	for _, call := range callsGiven(enc) {
		for _, arg := range ssautil.FullArgs(call.Common()) {
			if unwrap(arg) == enc {
				continue
			}
			p.value(arg, true, depth+1)
		}
	}
}

// changedInPlace reports whether a map or slice held at r has an element
// assigned (MapUpdate, or a store through IndexAddr) that may run before
// the write p.at.
func (p *prov) changedInPlace(r Ref) bool {
	var held []ssa.Value
	for _, loc := range locations(r) {
		if isContainer(loc.Type()) {
			held = append(held, loc)
		}
		if loc.Referrers() == nil {
			continue
		}
		for _, ref := range *loc.Referrers() {
			if ld, ok := ref.(*ssa.UnOp); ok && ld.Op == token.MUL && ld.X == loc && isContainer(ld.Type()) {
				held = append(held, ld)
			}
		}
	}
	before := func(x ssa.Instruction) bool { return p.at == nil || mayPrecede(x, p.at) }
	for _, h := range held {
		if h.Referrers() == nil {
			continue
		}
		for _, ref := range *h.Referrers() {
			switch x := ref.(type) {
			case *ssa.MapUpdate:
				if x.Map == h && before(x) {
					return true
				}
			case *ssa.IndexAddr:
				if x.X != h || x.Referrers() == nil {
					continue
				}
				for _, rr := range *x.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == x && before(st) {
						return true
					}
				}
			}
		}
	}
	return false
}

// isContainer reports whether t is a map or a slice.
func isContainer(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Map, *types.Slice:
		return true
	}
	return false
}

// locations returns the addresses (or, for a root value, the value) that
// r names in its function: the root, or the field addresses along r.Path.
func locations(r Ref) []ssa.Value {
	if r.Path == "" {
		return []ssa.Value{r.Root}
	}
	cur := []ssa.Value{r.Root}
	for _, name := range strings.Split(strings.TrimPrefix(r.Path, "."), ".") {
		cur = fieldStep(cur, name)
	}
	return cur
}

// fieldStep returns the addresses of the field name of the structs cur
// point to.
func fieldStep(cur []ssa.Value, name string) []ssa.Value {
	var next []ssa.Value
	for _, c := range cur {
		if c.Referrers() == nil {
			continue
		}
		for _, ref := range *c.Referrers() {
			if fa, ok := ref.(*ssa.FieldAddr); ok && fieldName(fa.X.Type(), fa.Field) == name {
				next = append(next, fa)
			}
		}
	}
	return next
}

// overwritten reports a load of a field of a row read (r) that a store
// into the same field dominates, the store itself coming after every read
// of the function into r: what the load sees was assigned in Go after the
// read (a form's value), not the column.
func (p *prov) overwritten(r Ref, ld ssa.Instruction) bool {
	if r.Path == "" || ld.Block() == nil {
		return false
	}
	for _, addr := range locations(r) {
		if addr.Referrers() == nil {
			continue
		}
		for _, ref := range *addr.Referrers() {
			st, ok := ref.(*ssa.Store)
			if !ok || st.Addr != addr || st.Parent() != ld.Parent() || st.Block() == nil || !dominates(st, ld) {
				continue
			}
			if p.readsAfter(r, st) {
				continue
			}
			return true
		}
	}
	return false
}

// readsAfter reports a read of the function into r (or a location holding
// it) that the store st does not follow for certain: the row may be read
// into the field after the store.
func (p *prov) readsAfter(r Ref, st *ssa.Store) bool {
	for _, a := range p.fi.Accesses {
		if a.Kind != KindRead || a.Call == nil {
			continue
		}
		for _, rd := range a.Reads {
			if rd.Dest.Root != r.Root {
				continue
			}
			if a.Call.Parent() != st.Parent() || a.Call.Block() == nil || !dominates(a.Call, st) {
				return true
			}
		}
	}
	return false
}

// storesTo returns the values stored into the location r in its function.
func storesTo(r Ref) []ssa.Value {
	addrs := locations(r)
	var out []ssa.Value
	for _, a := range addrs {
		if a.Referrers() == nil {
			continue
		}
		for _, ref := range *a.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == a {
				out = append(out, st.Val)
			}
		}
	}
	return out
}

// RequestField reports whether v, in fn, is a field of a struct fn was
// given (req.Content, or a copy of it normalized by the standard library:
// strings.ToLower(strings.ReplaceAll(req.SlugName, " ", "-"))) and not a
// value read from the database: what the request asks for. A plain
// parameter (status int) is not one: its callers may pass a constant of a
// state machine (SetStatus(ctx, id, StatusPublished)).
func (r *Result) RequestField(fn *ssa.Function, v ssa.Value) bool {
	if r == nil || fn == nil || v == nil || !requestField(v, 0) {
		return false
	}
	return len(r.Sources(fn, Ref{Root: v})) == 0
}

func requestField(v ssa.Value, depth int) bool {
	if depth > 8 {
		return false
	}
	switch x := ssautil.Unwrap(v).(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return false
		}
		fa, ok := x.X.(*ssa.FieldAddr)
		return ok && givenStruct(fa.X)
	case *ssa.Field:
		return givenStruct(x.X)
	case *ssa.Call:
		// A standard library function of the field (and constants):
		// the request's value, normalized.
		callee := x.Call.StaticCallee()
		if callee == nil || callee.Pkg == nil || strings.Contains(strings.SplitN(callee.Pkg.Pkg.Path(), "/", 2)[0], ".") {
			return false
		}
		found := false
		for _, arg := range x.Call.Args {
			if _, ok := ssautil.Unwrap(arg).(*ssa.Const); ok {
				continue
			}
			if !requestField(arg, depth+1) {
				return false
			}
			found = true
		}
		return found
	}
	return false
}

// givenStruct reports a parameter of struct or pointer-to-struct type.
func givenStruct(v ssa.Value) bool {
	if _, ok := v.(*ssa.Parameter); !ok {
		return false
	}
	t := v.Type()
	if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
}
