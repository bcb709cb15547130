package dbcall

import (
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// unwrap strips the conversions that do not change which Go value is meant:
// interface boxing, named-type changes, numeric and string conversions, and
// non-comma-ok type assertions.
func unwrap(v ssa.Value) ssa.Value {
	for i := 0; i < 32 && v != nil; i++ {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		case *ssa.TypeAssert:
			if x.CommaOk {
				return v
			}
			v = x.X
		case *ssa.UnOp:
			st := resultStored(x)
			if st == nil {
				return v
			}
			v = st
		default:
			return v
		}
	}
	return v
}

// resultStored returns the value a return statement of a function with a
// defer stored into the result slot ld loads. go/ssa keeps such a
// function's results in locals, so that a recovered panic can return
// them, and each return stores, runs the deferred calls and loads:
//
//	*t0 = t65                    // return coupon, nil
//	*t1 = nil:error
//	rundefers
//	t67 = *t0
//	t68 = *t1
//	return t67, t68
//
// Without it, every result of a repository method that defers a span's
// Finish or rows.Close is a load of a local stored on each path.
func resultStored(ld *ssa.UnOp) ssa.Value {
	if ld.Op != token.MUL {
		return nil
	}
	slot, ok := ld.X.(*ssa.Alloc)
	if !ok || ld.Block() == nil {
		return nil
	}
	// The load sits just before the return, at the end of its block.
	instrs := ld.Block().Instrs
	i := len(instrs) - 1
	for i >= 0 && instrs[i] != ssa.Instruction(ld) {
		if _, ok := instrs[i].(*ssa.Return); !ok {
			if u, ok := instrs[i].(*ssa.UnOp); !ok || u.Op != token.MUL {
				return nil
			}
		}
		i--
	}
	if i < 0 {
		return nil
	}
	// Back over the loads of the other results, to the rundefers.
	for i--; i >= 0; i-- {
		if u, ok := instrs[i].(*ssa.UnOp); !ok || u.Op != token.MUL {
			break
		}
	}
	if i < 0 {
		return nil
	}
	if _, ok := instrs[i].(*ssa.RunDefers); !ok {
		return nil
	}
	// Back over the stores of the results, to the one into slot.
	for i--; i >= 0; i-- {
		st, ok := instrs[i].(*ssa.Store)
		if !ok {
			return nil
		}
		if st.Addr == slot {
			return st.Val
		}
	}
	return nil
}

// Ref names a Go value as a root SSA value and a path of struct field names
// below it. Two Refs are the same Go value when Same reports so: the same
// root and path. Field loads through pointers and struct values read the
// same way, so req.Email and (*req).Email are one Ref.
type Ref struct {
	Root ssa.Value
	Path string // ".Email.Domain"; "" for the root itself
}

// IsZero reports whether r names nothing.
func (r Ref) IsZero() bool { return r.Root == nil }

// Same reports whether r and o name the same Go value.
func (r Ref) Same(o Ref) bool {
	if r.Root == nil || o.Root == nil {
		return false
	}
	if r.Path != o.Path {
		return false
	}
	if r.Root == o.Root {
		return true
	}
	// Equal constants are the same value.
	if a, ok := r.Root.(*ssa.Const); ok {
		if b, ok := o.Root.(*ssa.Const); ok && a.Value != nil && b.Value != nil {
			return constant.Compare(a.Value, token.EQL, b.Value)
		}
	}
	return false
}

// String renders r for debugging and dumps: the root's name and the path.
func (r Ref) String() string {
	if r.Root == nil {
		return "?"
	}
	return valueNameDepth(r.Root, 0) + r.Path
}

// valueName names an SSA value the way a reader of the source would.
func valueName(v ssa.Value) string { return valueNameDepth(v, 0) }

func valueNameDepth(v ssa.Value, depth int) string {
	if depth > 3 {
		return "…"
	}
	sub := func(w ssa.Value) string {
		r := refOf(w)
		if r.Root == nil {
			return "?"
		}
		return valueNameDepth(r.Root, depth+1) + r.Path
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		return x.Name()
	case *ssa.FreeVar:
		return x.Name()
	case *ssa.Global:
		return x.Name()
	case *ssa.Const:
		if x.Value == nil {
			return "nil"
		}
		return x.Value.ExactString()
	case *ssa.Alloc:
		if x.Comment != "" {
			return x.Comment
		}
		return "local"
	case *ssa.Call:
		if f := x.Call.StaticCallee(); f != nil {
			return f.Name() + "()"
		}
		if x.Call.IsInvoke() {
			return x.Call.Method.Name() + "()"
		}
		return "call()"
	case *ssa.Extract:
		return valueNameDepth(x.Tuple, depth+1) + "#" + itoa(x.Index)
	case *ssa.BinOp:
		return sub(x.X) + x.Op.String() + sub(x.Y)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return "*" + sub(x.X)
		}
		return x.Op.String() + sub(x.X)
	}
	return v.Name()
}

func itoa(i int) string {
	if i >= 0 && i < 10 {
		return string(rune('0' + i))
	}
	var b [20]byte
	n := len(b)
	neg := i < 0
	if neg {
		i = -i
	}
	for i > 0 || n == len(b) {
		n--
		b[n] = byte('0' + i%10)
		i /= 10
	}
	if neg {
		n--
		b[n] = '-'
	}
	return string(b[n:])
}

// RefOf returns the Ref naming the Go value v (see Ref).
func RefOf(v ssa.Value) Ref { return refOf(v) }

// refOf returns the Ref of a Go value, looking through conversions, field
// selections, loads of fields, and locals with a single store.
func refOf(v ssa.Value) Ref {
	var path []string
	for i := 0; i < 32; i++ {
		v = unwrap(v)
		switch x := v.(type) {
		case *ssa.Field:
			path = append(path, fieldName(x.X.Type(), x.Field))
			v = x.X
			continue
		case *ssa.UnOp:
			if x.Op == token.MUL {
				if fa, ok := x.X.(*ssa.FieldAddr); ok {
					// A field of a composite literal reads as the value
					// stored into it when it was built.
					if st := uniqueStore(fa); st != nil && len(path) == 0 && isComplit(fa.X) {
						v = st
						continue
					}
					path = append(path, fieldName(fa.X.Type(), fa.Field))
					v = fa.X
					continue
				}
				if a, ok := x.X.(*ssa.Alloc); ok {
					// (A zero literal whose address a call was given,
					// rec := runRecord{}; db.Get(&rec, ...), holds what
					// the call stored: the variable stays.)
					if st := soleStore(a); st != nil && !(isConstValue(st) && handedOn(a)) {
						v = st
						continue
					}
				}
				v = x.X
				continue
			}
		case *ssa.FieldAddr:
			path = append(path, fieldName(x.X.Type(), x.Field))
			v = x.X
			continue
		case *ssa.Alloc:
			// Below a field selection, a spilled parameter or a variable
			// assigned once and never written field by field is the value
			// stored into it. (An address passed as such, &v, stays the
			// variable.)
			if st := soleStore(x); st != nil && len(path) > 0 && !hasFieldStores(x) && !(isConstValue(st) && (fieldAddrEscapes(x) || handedOn(x))) && !handedToCallback(x) {
				if ld, ok := st.(*ssa.UnOp); !ok || ld.X != x {
					v = st
					continue
				}
			}
		}
		break
	}
	var b strings.Builder
	for i := len(path) - 1; i >= 0; i-- {
		b.WriteByte('.')
		b.WriteString(path[i])
	}
	return Ref{Root: v, Path: b.String()}
}

// fieldName returns the name of field i of the struct t or *t.
func fieldName(t types.Type, i int) string {
	if s, ok := structOf(t); ok && i < s.NumFields() {
		return s.Field(i).Name()
	}
	return "f" + itoa(i)
}

// structOf returns the struct type under t or *t.
func structOf(t types.Type) (*types.Struct, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	s, ok := t.Underlying().(*types.Struct)
	return s, ok
}

// soleStore returns the value stored into the local a when a is stored
// exactly once (a variable whose address escapes, written once).
func soleStore(a ssa.Value) ssa.Value {
	var val ssa.Value
	if a.Referrers() == nil {
		return nil
	}
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			if val != nil {
				return nil
			}
			val = st.Val
		}
	}
	return val
}

// isComplit reports the address of a composite literal under construction.
func isComplit(v ssa.Value) bool {
	a, ok := v.(*ssa.Alloc)
	return ok && a.Comment == "complit"
}

// hasFieldStores reports whether any field of the local a is stored.
func hasFieldStores(a ssa.Value) bool {
	if a.Referrers() == nil {
		return false
	}
	for _, r := range *a.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == fa {
				return true
			}
		}
	}
	return false
}

// isConstValue reports a constant (the zero value of a struct literal,
// ledger := Ledger{}).
func isConstValue(v ssa.Value) bool {
	_, ok := v.(*ssa.Const)
	return ok
}

// fieldAddrEscapes reports whether the address of a field of the local a
// is handed on (row.Scan(&ledger.ID, ...)): what the field holds is then
// written through it, not by the value first stored into a.
func fieldAddrEscapes(a ssa.Value) bool {
	if a.Referrers() == nil {
		return false
	}
	for _, r := range *a.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Referrers() == nil {
			continue
		}
		for _, rr := range *fa.Referrers() {
			switch x := rr.(type) {
			case *ssa.UnOp, *ssa.DebugRef:
			case *ssa.Store:
				if x.Val == fa {
					return true
				}
			default:
				return true
			}
		}
	}
	return false
}

// handedOn reports whether the address of the local a itself is given to
// a call, boxed or stored (db.Get(&tr, ...) after tr := taskRecord{}):
// the callee may fill it, so its first value says nothing of its fields.
func handedOn(a ssa.Value) bool {
	if a.Referrers() == nil {
		return false
	}
	for _, r := range *a.Referrers() {
		switch x := r.(type) {
		case ssa.CallInstruction, *ssa.MakeInterface:
			return true
		case *ssa.Store:
			if x.Val == a {
				return true
			}
		}
	}
	return false
}

// handedToCallback reports whether the address of the local a is given
// to a function value its function was given (modify(&run)): the
// variable may hold something else than what was stored into it once.
func handedToCallback(a ssa.Value) bool {
	return len(callbacksGiven(a)) > 0
}

// callbacksGiven returns the calls of function values that are parameters
// of v's function (or that a closure captured from one) given v as an
// argument: the callbacks of UpdateTask(ctx, id, modify), whose bodies are
// out of view.
func callbacksGiven(v ssa.Value) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	for _, call := range callsGiven(v) {
		cc := call.Common()
		if cc.IsInvoke() || cc.StaticCallee() != nil {
			continue
		}
		if _, ok := givenFunc(cc.Value).(*ssa.Parameter); !ok {
			continue // a func field or a result: what it is was decided elsewhere
		}
		if slices.ContainsFunc(cc.Args, func(arg ssa.Value) bool { return unwrap(arg) == v }) {
			out = append(out, call)
		}
	}
	return out
}

// givenFunc returns the value a called function value comes from, seen
// through a closure's captures and the variable a captured parameter is
// spilled to (modify in func(tx) error { ... modify(&run) ... }).
func givenFunc(v ssa.Value) ssa.Value {
	for i := 0; i < 8 && v != nil; i++ {
		switch x := unwrap(v).(type) {
		case *ssa.FreeVar:
			v = freeVarBinding(x)
			continue
		case *ssa.UnOp:
			if x.Op == token.MUL {
				v = x.X
				continue
			}
		case *ssa.Alloc:
			if st := soleStore(x); st != nil {
				v = st
				continue
			}
		}
		return unwrap(v)
	}
	return v
}

// uniqueStore returns the value stored into the field address fa when the
// same field of the same base is stored exactly once in the function: the
// field of a composite literal.
func uniqueStore(fa *ssa.FieldAddr) ssa.Value {
	if st := uniqueStoreInstr(fa); st != nil {
		return st.Val
	}
	return nil
}

// uniqueStoreInstr is uniqueStore's store instruction.
func uniqueStoreInstr(fa *ssa.FieldAddr) *ssa.Store {
	var val *ssa.Store
	refs := fa.X.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		other, ok := r.(*ssa.FieldAddr)
		if !ok || other.Field != fa.Field {
			continue
		}
		for _, rr := range *other.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == other {
				if val != nil {
					return nil
				}
				val = st
			}
		}
	}
	return val
}

// fieldValue returns the value of the field named name of the struct value
// or pointer v, when it can be seen: the value stored into that field of a
// composite literal or local, or a Ref of v's field otherwise.
func fieldValue(v ssa.Value, name string) Ref {
	base := literalOf(v)
	if refs := base.Referrers(); refs != nil {
		for _, r := range *refs {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok || fieldName(fa.X.Type(), fa.Field) != name {
				continue
			}
			if st := uniqueStore(fa); st != nil {
				return refOf(st)
			}
		}
	}
	r := refOf(v)
	r.Path += "." + name
	return r
}

// variadicArgs returns the values packed into the ...any slice v, in
// order, with dbcall's unwrapping, or ok=false when the slice is not a
// literal packing (args... passed on).
func variadicArgs(v ssa.Value) ([]ssa.Value, bool) {
	vals, ok := ssautil.VariadicArgs(v)
	for i := range vals {
		if vals[i] != nil {
			vals[i] = unwrap(vals[i])
		}
	}
	return vals, ok
}

// constString returns the string value of a constant.
func constString(v ssa.Value) (string, bool) { return ssautil.ConstString(unwrap(v)) }

// globalName returns the full name of the package-level variable that v
// loads, e.g. "database/sql.ErrNoRows".
func globalName(v ssa.Value) string {
	ld, ok := unwrap(v).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return ""
	}
	g, ok := ld.X.(*ssa.Global)
	if !ok || g.Pkg == nil {
		return ""
	}
	return g.Pkg.Pkg.Path() + "." + g.Name()
}

// isNil reports whether v is the constant nil. The zero value of a struct
// or array is a Const without a value too, but boxed it is no nil
// interface (return nil, NotFoundError{}).
func isNil(v ssa.Value) bool {
	c, ok := unwrap(v).(*ssa.Const)
	if !ok || c.Value != nil {
		return false
	}
	// The zero value of a struct or array is a Const without a value too:
	// GrantNotFoundError{} returned as an error is no nil error.
	switch c.Type().Underlying().(type) {
	case *types.Struct, *types.Array:
		return false
	}
	return true
}

// typeName returns the full name of a named type, with a leading "*" for a
// pointer to it.
func typeName(t types.Type) string {
	return apis.TypeString(t)
}

// soleGlobalStore returns the value stored once into a package variable
// of this package by its initializer, or nil. Globals record no
// referrers: the package's init function is read once.
func (b *builder) soleGlobalStore(g *ssa.Global) ssa.Value {
	b.scanGlobalInits()
	return b.globalInits[g]
}

// globalElems returns the elements the package's initializer stores into
// a package-level array of this package (var cols = [...]string{"a",
// "b"}), index by index; ok is false when some element is not stored
// there once.
func (b *builder) globalElems(g *ssa.Global) ([]ssa.Value, bool) {
	arr, ok := g.Type().(*types.Pointer).Elem().Underlying().(*types.Array)
	if !ok || arr.Len() > 1024 {
		return nil, false
	}
	b.scanGlobalInits()
	if ld, ok := b.globalInits[g].(*ssa.UnOp); ok && ld.Op == token.MUL {
		// *g = *t, t a local array the initializer filled.
		if a, ok := ld.X.(*ssa.Alloc); ok {
			return ssautil.ArrayElems(a)
		}
	}
	elems := b.globalElemInits[g]
	out := make([]ssa.Value, arr.Len())
	for i := range out {
		v, ok := elems[int64(i)]
		if !ok || v == nil {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// scanGlobalInits reads the package's init function once: the values it
// stores into package variables, whole or element by element.
func (b *builder) scanGlobalInits() {
	if b.globalInits != nil {
		return
	}
	b.globalInits = map[*ssa.Global]ssa.Value{}
	b.globalElemInits = map[*ssa.Global]map[int64]ssa.Value{}
	init := b.ssaPkg.Func("init")
	if init == nil {
		return
	}
	for _, blk := range init.Blocks {
		for _, instr := range blk.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			switch addr := st.Addr.(type) {
			case *ssa.Global:
				if _, dup := b.globalInits[addr]; dup {
					b.globalInits[addr] = nil // stored twice: not one value
					continue
				}
				b.globalInits[addr] = st.Val
			case *ssa.IndexAddr:
				g, ok := addr.X.(*ssa.Global)
				c, isConst := addr.Index.(*ssa.Const)
				if !ok || !isConst {
					continue
				}
				i, exact := constant.Int64Val(c.Value)
				if !exact {
					continue
				}
				m := b.globalElemInits[g]
				if m == nil {
					m = map[int64]ssa.Value{}
					b.globalElemInits[g] = m
				}
				if _, dup := m[i]; dup {
					m[i] = nil
					continue
				}
				m[i] = st.Val
			}
		}
	}
}

// stringBound returns every constant a []string value may hold, the
// upper bound of a column list built at run time: a slice literal,
// appends of constants to one, a phi of such, a slice of a package-level
// array or a package-level slice with a literal initializer, the result
// of a function of this package returning one
// (cols := baseColumns[:]; if changed { cols = append(cols, "email") }).
// ok is false when some element is not a constant known here.
func (b *builder) stringBound(v ssa.Value) (out []string, ok bool) {
	seen := map[ssa.Value]bool{}
	consts := func(vals []ssa.Value) bool {
		for _, e := range vals {
			s, ok := constString(e)
			if !ok {
				return false
			}
			out = append(out, s)
		}
		return true
	}
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		v = unwrap(v)
		if v == nil || len(seen) > 64 {
			return false
		}
		if seen[v] {
			return true
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Const:
			return x.Value == nil // a nil slice
		case *ssa.Phi:
			for _, e := range x.Edges {
				if !walk(e) {
					return false
				}
			}
			return true
		case *ssa.Call:
			bi, isBuiltin := x.Call.Value.(*ssa.Builtin)
			return isBuiltin && bi.Name() == "append" && len(x.Call.Args) == 2 && walk(x.Call.Args[0]) && walk(x.Call.Args[1])
		case *ssa.Slice:
			if g, isGlobal := x.X.(*ssa.Global); isGlobal && g.Pkg == b.ssaPkg {
				vals, ok := b.globalElems(g)
				return ok && consts(vals)
			}
			vals, ok := ssautil.VariadicArgs(x)
			return ok && consts(vals)
		case *ssa.UnOp:
			if g, isGlobal := x.X.(*ssa.Global); isGlobal && x.Op == token.MUL && g.Pkg == b.ssaPkg {
				val := b.soleGlobalStore(g)
				return val != nil && walk(val)
			}
		case *ssa.Extract:
			call, isCall := x.Tuple.(*ssa.Call)
			if !isCall {
				return false
			}
			return b.returnsBound(call, x.Index, walk)
		}
		return false
	}
	if !walk(v) {
		return nil, false
	}
	return out, true
}

// returnsBound walks result i of every return of a static callee of this
// package.
func (b *builder) returnsBound(call *ssa.Call, i int, walk func(ssa.Value) bool) bool {
	f := call.Call.StaticCallee()
	if f == nil || f.Pkg != b.ssaPkg || len(f.Blocks) == 0 {
		return false
	}
	for _, blk := range f.Blocks {
		if ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok {
			if i >= len(ret.Results) || !walk(ret.Results[i]) {
				return false
			}
		}
	}
	return true
}
