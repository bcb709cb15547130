package dbcall

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
)

// modelWrapperFact describes a model wrapper: a function that passes its
// parameter Model, typed as an interface, on as the model of a library
// model write, with the column list its variadic parameter Cols gives, so
// a call of it is the write made on the caller's model:
//
//	func (c *Connection) UpdateOnly(model interface{}, includeColumns ...string) error {
//		xcols, err := excludedColumns(model, includeColumns...)   // every other column
//		...
//		return c.Update(model, xcols...)
//	}
//	tx.UpdateOnly(grant, "status", "approved_at")   // UPDATE grants SET status, approved_at WHERE id
//
// Without it the wrapper's own write knows no table (its model is an
// interface{}) and every caller's write would be "update ?".
type modelWrapperFact struct {
	Lib    apis.Lib
	Method string // the library method called (Update, UpdateColumns, Destroy)
	// Kind is the library's kind of write for the column list as the
	// caller gives it (apis.PopFinishers): "columns" when Cols names the
	// columns written (passed to UpdateColumns, or complemented into
	// Update's excluded columns), "update" or "insert" when it names the
	// columns left out.
	Kind   string
	Model  int // parameter index (receiver included) of the model
	Cols   int // parameter index of the column list, or -1
	Handle paramRef
	Origin string // file:line of the library call, as its access's fact records it
}

// modelWrapperOf detects a model wrapper among the accesses of fn: a pop
// model write whose model is fn's interface-typed parameter and whose
// column list is nothing, fn's variadic parameter passed on, or, for
// Update's excluded columns, a list computed from both the model and the
// variadic parameter (the columns of the model other than those named:
// a list computed from the model's own columns and the caller's names
// that is not the names themselves is their complement).
func (b *builder) modelWrapperOf(fn *ssa.Function, fi *FuncInfo) *modelWrapperFact {
	sig := fn.Signature
	for _, a := range fi.Accesses {
		if a.Lib != apis.LibPop || a.Via != nil || a.Call == nil || a.Table != "" {
			continue
		}
		kind, ok := apis.PopFinishers[a.Method]
		if !ok || (kind != "update" && kind != "columns" && kind != "insert" && kind != "save" && kind != "updatequery" && (kind != "delete" || a.Method != "Destroy")) {
			continue
		}
		args := ssautil.CallArgs(a.Call.Common())
		if len(args) == 0 {
			continue
		}
		mp, ok := unwrap(args[0]).(*ssa.Parameter)
		if !ok || !types.IsInterface(mp.Type()) {
			continue // a typed model: the summary says which table already
		}
		if kind == "updatequery" {
			// UpdateQuery writes the rows of its query's conditions: a
			// wrapper's write is the model's own row only when those
			// conditions are its identity (Where(m.IDField()+" = ?",
			// m.ID()) of pop.NewModel(model)), which makes it the
			// UpdateColumns of the model.
			if !whereOnModel(a.Call, mp) {
				continue
			}
			kind = "columns"
		}
		w := &modelWrapperFact{Lib: a.Lib, Method: a.Method, Kind: kind, Model: paramIndex(fn, mp), Cols: -1, Handle: paramRefOf(fn, a.Handle)}
		if w.Model < 0 || w.Handle.Param < 0 {
			continue
		}
		var variadic *ssa.Parameter
		if sig.Variadic() && len(fn.Params) > 0 {
			variadic = fn.Params[len(fn.Params)-1]
		}
		if len(args) > 1 && !isNil(args[1]) {
			cols := unwrap(args[1])
			switch {
			case variadic != nil && cols == ssa.Value(variadic):
				w.Cols = len(fn.Params) - 1
			case variadic != nil && kind == "update" && computedFrom(cols, mp, variadic):
				w.Cols, w.Kind = len(fn.Params)-1, "columns"
			case kind == "columns" && a.Method == "UpdateQuery" && derivedFrom(cols, mp, 0, map[ssa.Value]bool{}):
				// The model's own column names (pop.NewModel(model).
				// Columns()): every column, as UpdateColumns(m) writes.
			default:
				// A list the wrapper makes up: the write is not made
				// on the caller's columns. TODO(recall1): carry the
				// wrapper's own constant names in the fact.
				if vals, ok := variadicArgs(args[1]); !ok || len(vals) > 0 {
					continue
				}
			}
		}
		p := b.pass.Fset.Position(a.Pos)
		w.Origin = baseName(p.Filename) + ":" + itoa(p.Line)
		return w
	}
	return nil
}

// whereOnModel reports a pop query whose conditions bind values derived
// from the model m (the id of pop.NewModel(m)) and no other parameter's.
func whereOnModel(call ssa.CallInstruction, m *ssa.Parameter) bool {
	_, steps, _ := popSteps(call)
	found := false
	for _, s := range steps {
		if s.name != "Where" || len(s.args) < 2 {
			continue
		}
		vals, ok := variadicArgs(s.args[1])
		if !ok {
			return false
		}
		for _, v := range vals {
			if v != nil && derivedFrom(v, m, 0, map[ssa.Value]bool{}) {
				found = true
			}
		}
	}
	return found
}

// derivedFrom reports whether v is computed from the parameter m: m
// itself, or a call, field, element, append or phi whose operands are
// (pop.NewModel(m, ctx).Columns().Cols[i].Name). It follows operands
// only, within a depth and a visited set.
func derivedFrom(v ssa.Value, m *ssa.Parameter, depth int, seen map[ssa.Value]bool) bool {
	v = unwrap(v)
	if v == nil || depth > 12 || seen[v] || len(seen) > 256 {
		return false
	}
	seen[v] = true
	if v == ssa.Value(m) {
		return true
	}
	switch x := v.(type) {
	case *ssa.Call:
		for _, a := range ssautil.FullArgs(&x.Call) {
			if derivedFrom(a, m, depth+1, seen) {
				return true
			}
		}
	case *ssa.Extract:
		return derivedFrom(x.Tuple, m, depth+1, seen)
	case *ssa.Field:
		return derivedFrom(x.X, m, depth+1, seen)
	case *ssa.FieldAddr:
		return derivedFrom(x.X, m, depth+1, seen)
	case *ssa.Index:
		return derivedFrom(x.X, m, depth+1, seen)
	case *ssa.IndexAddr:
		return derivedFrom(x.X, m, depth+1, seen)
	case *ssa.UnOp:
		return derivedFrom(x.X, m, depth+1, seen)
	case *ssa.Slice:
		return derivedFrom(x.X, m, depth+1, seen)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if derivedFrom(e, m, depth+1, seen) {
				return true
			}
		}
	case *ssa.Next:
		return derivedFrom(x.Iter, m, depth+1, seen)
	case *ssa.Range:
		return derivedFrom(x.X, m, depth+1, seen)
	case *ssa.Alloc:
		// A local array or slice literal: derived when a value stored
		// into one of its elements is.
		if x.Referrers() != nil {
			for _, r := range *x.Referrers() {
				if ia, ok := r.(*ssa.IndexAddr); ok && ia.Referrers() != nil {
					for _, rr := range *ia.Referrers() {
						if st, ok := rr.(*ssa.Store); ok && st.Addr == ia && derivedFrom(st.Val, m, depth+1, seen) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// computedFrom reports whether v is a result of a call taking both the
// model m and the list cols as arguments (excludedColumns(m, cols...)).
func computedFrom(v ssa.Value, m, cols *ssa.Parameter) bool {
	if ex, ok := v.(*ssa.Extract); ok && ex.Index == 0 {
		v = ex.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	var hasM, hasCols bool
	for _, arg := range ssautil.CallArgs(&call.Call) {
		switch unwrap(arg) {
		case ssa.Value(m):
			hasM = true
		case ssa.Value(cols):
			hasCols = true
		}
	}
	return hasM && hasCols
}

// modelWrapperAccess builds the access of a call of a model wrapper as if
// the caller had made the library call with its own model and columns.
// It returns nil when the caller's model is itself an interface (a wrapper
// of the wrapper, whose own summary then carries no table).
func (b *builder) modelWrapperAccess(fn *ssa.Function, call ssa.CallInstruction, w *modelWrapperFact, args []ssa.Value) *Access {
	if w.Model >= len(args) || w.Cols >= len(args) || args[w.Model] == nil {
		return nil
	}
	if types.IsInterface(unwrap(args[w.Model]).Type()) {
		return nil
	}
	arg := func(i int) ssa.Value {
		switch {
		case i == 0:
			return args[w.Model]
		case i == 1 && w.Cols >= 0:
			return args[w.Cols]
		}
		return nil
	}
	// A list the caller builds at run time (tx.UpdateOnly(user, fields...))
	// names columns the model cannot see; and the complement of no names
	// (UpdateOnly(m)) leaves every column out. Neither writes a column
	// the model knows of.
	noCols, unknown := false, false
	if w.Cols >= 0 {
		vals, ok := variadicArgs(arg(1))
		unknown = !ok
		noCols = !ok || (len(vals) == 0 && w.Kind == "columns" && w.Method == "Update")
	}
	// As with an executor wrapper, the write is the caller's: no Via, so
	// the function named for it is the caller (Grant.Approve), not the
	// wrapper every write of the application goes through.
	a := &Access{Fn: fn, Call: call, Pos: call.Pos(), Lib: w.Lib, Handle: b.argRef(args, w.Handle), RowsReturned: -1, ResultReturned: -1, Method: w.Method}
	accs := b.popModelAccess(a, &popStmt{}, call, w.Method, w.Kind, arg)
	if len(accs) != 1 || accs[0].Table == "" {
		return nil
	}
	if noCols {
		accs[0].Set = nil
		accs[0].Partial = accs[0].Partial || unknown
	}
	return accs[0]
}
