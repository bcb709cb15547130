package txscope

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// Transactions held in fields. A store of Lightning Terminal wraps the
// queries its executor's callback is given in a value of its own, whose
// methods then run on a field:
//
//	wrapTx: func(queries SQLQueries) PrivacyMapTx {
//		return &privacyMapSQLTx{queries: queries, groupID: groupID}
//	},
//	...
//	return e.db.ExecTx(ctx, &opts, func(queries SQLQueries) error {
//		return fn(ctx, e.wrapTx(queries))
//	})
//	...
//	func (p *privacyMapSQLTx) NewPair(...) error { ... p.queries.InsertPrivacyPair(...) }
//
// An unexported field of a struct type of the package that only ever holds
// a callback's transaction (stored from it, or from the parameter of a
// closure that is only kept in an unexported field and only called, from
// such a field, with it) makes the accesses on it run in that transaction.
// Other packages cannot set the field, so the package's stores are all of
// them; a field whose address is taken, or a closure field read for
// anything but a call, is not followed.

// fieldIndex records, in one walk over the package, what the field
// analysis asks: the values stored in each field, the calls of values
// loaded from each, the fields each anonymous function is stored in, and
// the fields and functions used otherwise.
type fieldIndex struct {
	stores map[*types.Var][]ssa.Value
	calls  map[*types.Var][]*ssa.CallCommon
	// other marks fields whose address or loaded value is used otherwise
	// than by a store, a load or (loaded) a call.
	other map[*types.Var]bool
	// kept lists the fields an anonymous function is stored in; loose
	// marks those used otherwise.
	kept  map[*ssa.Function][]*types.Var
	loose map[*ssa.Function]bool
}

// fieldVar returns the field a FieldAddr addresses: of a generic type,
// the origin's (sqlExecutor[T].wrapTx for sqlExecutor[PrivacyMapTx]'s).
func fieldVar(fa *ssa.FieldAddr) *types.Var {
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return nil
	}
	return st.Field(fa.Field).Origin()
}

func (f *finder) indexFields() *fieldIndex {
	if f.fieldIx != nil {
		return f.fieldIx
	}
	ix := &fieldIndex{
		stores: map[*types.Var][]ssa.Value{},
		calls:  map[*types.Var][]*ssa.CallCommon{},
		other:  map[*types.Var]bool{},
		kept:   map[*ssa.Function][]*types.Var{},
		loose:  map[*ssa.Function]bool{},
	}
	anon := func(v ssa.Value) *ssa.Function {
		switch x := v.(type) {
		case *ssa.MakeClosure:
			fn, _ := x.Fn.(*ssa.Function)
			return fn
		case *ssa.Function:
			if x.Parent() != nil {
				return x
			}
		}
		return nil
	}
	for _, fn := range f.db.SrcFuncs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				switch x := instr.(type) {
				case *ssa.FieldAddr:
					fv := fieldVar(x)
					if fv == nil || x.Referrers() == nil {
						continue
					}
					for _, r := range *x.Referrers() {
						switch u := r.(type) {
						case *ssa.Store:
							if u.Addr != x {
								ix.other[fv] = true
								continue
							}
							ix.stores[fv] = append(ix.stores[fv], u.Val)
							if g := anon(u.Val); g != nil {
								ix.kept[g] = append(ix.kept[g], fv)
							}
						case *ssa.UnOp:
							if u.Op != token.MUL {
								ix.other[fv] = true
								continue
							}
							if _, ok := fv.Type().Underlying().(*types.Signature); !ok || u.Referrers() == nil {
								continue // a value read: only closure fields need their reads to be calls
							}
							for _, rr := range *u.Referrers() {
								if c, ok := rr.(ssa.CallInstruction); ok && c.Common().Value == ssa.Value(u) && !c.Common().IsInvoke() {
									ix.calls[fv] = append(ix.calls[fv], c.Common())
								} else {
									ix.other[fv] = true
								}
							}
						default:
							ix.other[fv] = true
						}
					}
				case *ssa.MakeClosure:
					if g := anon(x); g != nil && x.Referrers() != nil {
						for _, r := range *x.Referrers() {
							if st, ok := r.(*ssa.Store); !ok || st.Val != ssa.Value(x) {
								ix.loose[g] = true
							} else if _, ok := st.Addr.(*ssa.FieldAddr); !ok {
								ix.loose[g] = true
							}
						}
					}
					continue
				}
				// An anonymous function without free variables is an
				// operand: any use but a store into a field lets it loose.
				st, isStore := instr.(*ssa.Store)
				for op := range ssautil.Operands(instr) {
					if g, ok := op.(*ssa.Function); ok && g.Parent() != nil {
						if !isStore || st.Val != ssa.Value(g) {
							ix.loose[g] = true
						} else if _, ok := st.Addr.(*ssa.FieldAddr); !ok {
							ix.loose[g] = true
						}
					}
				}
			}
		}
	}
	f.fieldIx = ix
	return ix
}

// isolation reads the isolation level of transaction options, as
// isolationOf does, and from an unexported field of the package the
// options are kept in (s.db.BeginTx(ctx, s.opts), with opts set by the
// package's constructors): the weakest level stored in it.
func (f *finder) isolation(opts ssa.Value) sqltext.Isolation {
	iso := isolationOf(opts)
	if iso != sqltext.IsolationNone || opts == nil {
		return iso
	}
	ld, ok := ssautil.Unwrap(opts).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return iso
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return iso
	}
	fv := fieldVar(fa)
	ix := f.indexFields()
	if fv == nil || fv.Exported() || fv.Pkg() != f.pass.Pkg || ix.other[fv] || len(ix.stores[fv]) == 0 {
		return iso
	}
	level := sqltext.IsolationSerializable
	for _, v := range ix.stores[fv] {
		level = min(level, isolationOf(v))
	}
	return level
}

// txFields returns the fields of the package that only ever hold a
// transaction, each with a transaction it holds (the weakest in
// isolation).
func (f *finder) txFields() map[*types.Var]*Tx {
	byValue := map[ssa.Value]*Tx{}
	for _, tx := range f.r.Txs {
		if tx.Value == nil || tx.Form == FormParam {
			continue
		}
		if old := byValue[tx.Value]; old == nil || tx.Isolation < old.Isolation {
			byValue[tx.Value] = tx
		}
	}
	if len(byValue) == 0 {
		return nil
	}
	ix := f.indexFields()
	own := func(fv *types.Var) bool {
		return fv != nil && !fv.Exported() && fv.Pkg() == f.pass.Pkg && !ix.other[fv]
	}
	visiting := map[ssa.Value]bool{}
	var holds func(v ssa.Value, depth int) *Tx
	holds = func(v ssa.Value, depth int) *Tx {
		v = deref(v)
		if tx := byValue[v]; tx != nil {
			return tx
		}
		p, ok := v.(*ssa.Parameter)
		if !ok || depth > 4 || visiting[p] {
			return nil
		}
		g := p.Parent()
		if g == nil || g.Parent() == nil || ix.loose[g] || len(ix.kept[g]) == 0 {
			return nil
		}
		idx := -1
		for i, q := range g.Params {
			if q == p {
				idx = i
			}
		}
		visiting[p] = true
		defer delete(visiting, p)
		var weakest *Tx
		for _, fv := range ix.kept[g] {
			if !own(fv) || len(ix.calls[fv]) == 0 {
				return nil
			}
			for _, c := range ix.calls[fv] {
				if idx >= len(c.Args) {
					return nil
				}
				tx := holds(c.Args[idx], depth+1)
				if tx == nil {
					return nil
				}
				if weakest == nil || tx.Isolation < weakest.Isolation {
					weakest = tx
				}
			}
		}
		return weakest
	}
	out := map[*types.Var]*Tx{}
	for fv, vals := range ix.stores {
		if !own(fv) {
			continue
		}
		var weakest *Tx
		for _, v := range vals {
			tx := holds(v, 0)
			if tx == nil {
				weakest = nil
				break
			}
			if weakest == nil || tx.Isolation < weakest.Isolation {
				weakest = tx
			}
		}
		if weakest != nil {
			out[fv] = weakest
		}
	}
	return out
}

// fields records the transactions of accesses on a field holding one
// (p.queries.InsertPrivacyPair(...), the handle p with path
// ".queries.db"), as transactions received (FormParam) with the holder's
// isolation and helper.
func (f *finder) fields(held map[*types.Var]*Tx) {
	if len(held) == 0 {
		return
	}
	for _, fn := range f.db.SrcFuncs {
		fi := f.db.Func(fn)
		if fi == nil {
			continue
		}
		var byField map[*types.Var]*Tx
		for _, a := range fi.Accesses {
			if _, taken := f.r.of[a]; taken || a.Handle.Root == nil || !strings.HasPrefix(a.Handle.Path, ".") {
				continue
			}
			fv, src := heldField(a.Handle.Root.Type(), a.Handle.Path, held)
			if fv == nil {
				continue
			}
			if byField == nil {
				byField = map[*types.Var]*Tx{}
			}
			tx := byField[fv]
			if tx == nil {
				tx = &Tx{Form: FormParam, Fn: fn, Value: a.Handle.Root, Isolation: src.Isolation, Helper: src.Helper}
				byField[fv] = tx
				f.r.Txs = append(f.r.Txs, tx)
				f.r.byFn[fn] = append(f.r.byFn[fn], tx)
			}
			f.r.of[a] = tx
			tx.Accesses = append(tx.Accesses, a)
		}
	}
}

// heldField follows a handle path (".sqlKVStoresTx.queries.db") from the
// root's type to the first field holding a transaction.
func heldField(t types.Type, path string, held map[*types.Var]*Tx) (*types.Var, *Tx) {
	for _, name := range strings.Split(path[1:], ".") {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return nil, nil
		}
		var next *types.Var
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == name {
				next = st.Field(i).Origin()
			}
		}
		if next == nil {
			return nil, nil
		}
		if tx := held[next]; tx != nil {
			return next, tx
		}
		t = next.Type()
	}
	return nil, nil
}
