package txscope

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/lazyregexp"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dbcall"
)

// Transactions carried in a context.Context (see dbcall's CtxTxPath): an
// access through a context accessor runs on the transaction a context
// carries. The context carries tx when it derives from a call given tx
// (context.WithValue(ctx, txKey{}, tx), or an application's
// withTx(ctx, tx)), or when it is the context parameter of a callback a
// helper runs with such a context.

// carries reports whether the context root (as dbcall.CtxRoot leaves it)
// carries tx.
func carries(tx *Tx, root ssa.Value) bool {
	if root == nil {
		return false
	}
	if tx.Ctx != nil && root == tx.Ctx {
		return true
	}
	if tx.Value == nil {
		return false
	}
	return givenTx(root, tx.Value)
}

// givenTx reports whether v is a call returning a context that is given
// the transaction value txv (or a value made from it).
func givenTx(v ssa.Value, txv ssa.Value) bool {
	var call *ssa.Call
	switch x := v.(type) {
	case *ssa.Call:
		call = x
	case *ssa.Extract:
		call, _ = x.Tuple.(*ssa.Call)
	case *ssa.Alloc:
		// A context type of the application holding it in a field
		// (Gitea's &Context{Context: parent, engine: sess}).
		return holdsInField(x, func(st ssa.Value) bool { return deref(st) == txv })
	}
	if call == nil {
		return false
	}
	for _, a := range ssautil.FullArgs(&call.Call) {
		if a == nil {
			continue
		}
		a = deref(a)
		if a == txv || dbcall.GormRoot(a) == txv || wraps(a, txv) {
			return true
		}
	}
	return false
}

// deref follows a value through conversions and through variables
// captured by closures (assigned once) to the value stored there.
func deref(v ssa.Value) ssa.Value {
	for i := 0; i < 4; i++ {
		v = ssautil.Unwrap(v)
		ld, ok := v.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			return v
		}
		al, ok := ld.X.(*ssa.Alloc)
		if !ok {
			return v
		}
		vals := storedVals(al)
		if len(vals) != 1 {
			return v
		}
		v = vals[0]
	}
	return v
}

func storedVals(a *ssa.Alloc) []ssa.Value {
	var out []ssa.Value
	if a.Referrers() == nil {
		return nil
	}
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			out = append(out, st.Val)
		}
	}
	return out
}

// wraps reports a composite literal holding txv in a field:
// &runnerTx{TransactionAccessor: tx}.
func wraps(v, txv ssa.Value) bool {
	a, ok := v.(*ssa.Alloc)
	if !ok || a.Referrers() == nil {
		return false
	}
	for _, r := range *a.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Referrers() == nil {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == fa && deref(st.Val) == txv {
				return true
			}
		}
	}
	return false
}

// ctxCarrying reports whether the context value a carries one of the
// transactions begun in a function (the keys of begins), returning the
// transaction's isolation.
func ctxCarrying(a ssa.Value, begins map[ssa.Value]bool) bool {
	if a == nil || !dbcall.IsContext(a.Type()) {
		return false
	}
	root := dbcall.CtxRoot(a)
	for txv := range begins {
		if givenTx(root, txv) || givenTx(deref(a), txv) {
			return true
		}
	}
	return false
}

// holdsInField reports an allocated struct one of whose fields is stored a
// value ok accepts: fn(&Tx{tx: tx}), &txContext{Context: ctx, sess: sess}.
func holdsInField(al *ssa.Alloc, ok func(ssa.Value) bool) bool {
	if al.Referrers() == nil {
		return false
	}
	for _, r := range *al.Referrers() {
		fa, isField := r.(*ssa.FieldAddr)
		if !isField || fa.Referrers() == nil {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if st, isStore := rr.(*ssa.Store); isStore && st.Addr == fa && ok(st.Val) {
				return true
			}
		}
	}
	return false
}

// ctxFromBegin reports whether the context value v carries a transaction
// begun in its function: a context given one of txs (context.WithValue(ctx,
// txnKey, tx)), or one of ctxs (returned by a function beginning into a
// context), or derived from either.
func ctxFromBegin(v ssa.Value, txs, ctxs map[ssa.Value]bool) bool {
	return ctxFromBeginSeen(v, txs, ctxs, map[ssa.Value]bool{})
}

// ctxFromBeginSeen is ctxFromBegin with the values already visited: a
// context reassigned in a loop is a phi whose edge derives from the phi
// itself (ctx = context.WithValue(ctx, ...)), so the walk must end where it
// has been.
func ctxFromBeginSeen(v ssa.Value, txs, ctxs, seen map[ssa.Value]bool) bool {
	for i := 0; i < 16 && v != nil; i++ {
		v = deref(v)
		if seen[v] {
			return false
		}
		seen[v] = true
		if ctxs[v] {
			return true
		}
		for txv := range txs {
			if givenTx(v, txv) {
				return true
			}
		}
		var call *ssa.Call
		switch x := v.(type) {
		case *ssa.Call:
			call = x
		case *ssa.Extract:
			if c, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
				call = c
			}
		case *ssa.Phi:
			for _, e := range x.Edges {
				if ctxFromBeginSeen(e, txs, ctxs, seen) {
					return true
				}
			}
			return false
		}
		if call == nil {
			return false
		}
		var parent ssa.Value
		for _, a := range ssautil.FullArgs(&call.Call) {
			if a != nil && dbcall.IsContext(a.Type()) {
				parent = a
				break
			}
		}
		v = parent
	}
	return false
}

// txMethodName matches the names of transaction helpers behind
// interfaces: WithinTransaction, WithTx, RunInTx, Atomic, Transact, Do of
// a UnitOfWork.
var txMethodName = dbcall.TxHelperName

// invokeHelper returns what a call of the interface method m does with
// its func argument: the fact exported for m by its package, what the
// implementations visible here do, or, when none is visible, an inference
// from its name and shape:
//
//	WithinTransaction(ctx context.Context, fn func(ctx context.Context) error) error
//
// runs fn with a context carrying a transaction it begins.
func (f *finder) invokeHelper(m *types.Func) *helperFact {
	if f.ifaceHelpers == nil {
		f.ifaceHelpers = map[*types.Func]*helperFact{}
	}
	if h, ok := f.ifaceHelpers[m]; ok {
		return h
	}
	f.ifaceHelpers[m] = nil
	var h helperFact
	if m.Pkg() != f.pass.Pkg && f.pass.ImportObjectFact(m.Origin(), &h) {
		f.ifaceHelpers[m] = &h
		return &h
	}
	sig, _ := m.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || m.Pkg() == nil || dbcall.IsLibrary(m.Pkg().Path()) {
		return nil
	}
	iface, ok := sig.Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	found, visible := f.implHelper(iface, m)
	if found != nil {
		f.ifaceHelpers[m] = found
		return found
	}
	if visible {
		return nil // the implementations here are not helpers
	}
	// Receiver first: the func parameter's index counts it.
	for i := 0; i < sig.Params().Len(); i++ {
		cb, ok := sig.Params().At(i).Type().Underlying().(*types.Signature)
		if !ok || cb.Params().Len() == 0 || !dbcall.IsContext(cb.Params().At(0).Type()) {
			continue
		}
		if !txMethodName.MatchString(m.Name()) {
			return nil
		}
		h := &helperFact{Func: i + 1, TxArg: -1, Ctx: 1, Heuristic: true}
		f.ifaceHelpers[m] = h
		return h
	}
	return nil
}

// implHelper looks for implementations of iface in the packages visible
// here (this one, the interface's, the direct imports): the helper fact of
// the first one that is a helper, with the weakest isolation of those that
// are, and whether any implementation was seen.
func (f *finder) implHelper(iface *types.Interface, m *types.Func) (*helperFact, bool) {
	var found *helperFact
	visible := f.eachImpl(iface, m, func(own *ssa.Function, impl *types.Func) bool {
		var h *helperFact
		if own != nil {
			h = f.helperOf(own)
		} else {
			var imported helperFact
			if f.pass.ImportObjectFact(impl, &imported) {
				h = &imported
			}
		}
		switch {
		case h == nil:
		case found == nil:
			found = h
		case h.Isolation < found.Isolation:
			// Which implementation runs is not known here: the weakest
			// isolation wins.
			weak := *found
			weak.Isolation = h.Isolation
			found = &weak
		}
		return false
	})
	return found, visible
}

// invokeBegin returns the begin fact of an interface method whose visible
// implementation begins a transaction and returns it:
//
//	tx, err := r.db.startTx(ctx, opts) // sqlDB.startTx calls BeginTxx
func (f *finder) invokeBegin(m *types.Func) *beginFact {
	sig, _ := m.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || m.Pkg() == nil || dbcall.IsLibrary(m.Pkg().Path()) {
		return nil
	}
	iface, ok := sig.Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var found *beginFact
	if m.Pkg() != f.pass.Pkg {
		var b beginFact
		if f.pass.ImportObjectFact(m.Origin(), &b) {
			return &b
		}
	}
	// Every implementation: the one a call runs is not known here, so the
	// weakest isolation wins.
	visible := f.eachImpl(iface, m, func(own *ssa.Function, impl *types.Func) bool {
		if own != nil {
			found = weaker(found, f.beginOf(own))
		} else {
			var b beginFact
			if f.pass.ImportObjectFact(impl, &b) {
				found = weaker(found, &b)
			}
		}
		return false
	})
	if found == nil && !visible && ctxBeginName.MatchString(m.Name()) {
		// A transaction manager's Begin(ctx, ...) (context.Context, error)
		// whose implementation is wired elsewhere: the context it returns
		// carries the transaction.
		res := sig.Results()
		if res.Len() >= 1 && dbcall.IsContext(res.At(0).Type()) && sig.Params().Len() >= 1 && dbcall.IsContext(sig.Params().At(0).Type()) {
			found = &beginFact{Result: 0, Ctx: true}
		}
	}
	return found
}

// ctxBeginName matches the names of methods beginning a transaction.
var ctxBeginName = lazyregexp.New(`^(Begin|BeginTx|BeginTxn|BeginTransaction|StartTx|StartTransaction)$`)

// eachImpl calls visit with the implementations of m of the types in the
// packages visible here (this one, the interface's, the direct imports;
// own is the SSA function for this package's), until visit returns true.
// It reports whether any implementation was seen.
func (f *finder) eachImpl(iface *types.Interface, m *types.Func, visit func(own *ssa.Function, impl *types.Func) bool) bool {
	impls := f.implsOf(iface, m)
	for _, im := range impls {
		if im.impl == nil {
			continue // an implementation of this package without SSA: seen, not visited
		}
		if visit(im.own, im.impl) {
			return true
		}
	}
	return len(impls) > 0
}

// impl is an implementation eachImpl visits: own is nil for another
// package's, and impl is nil for one of this package's without an SSA
// function.
type impl struct {
	own  *ssa.Function
	impl *types.Func
}

// implKey identifies a method of an interface.
type implKey struct {
	iface *types.Interface
	m     *types.Func
}

// implsOf returns the implementations eachImpl visits, in its order,
// computed once per interface method (each call site through the
// interface asks again; see analysisutil.Impls).
func (f *finder) implsOf(iface *types.Interface, m *types.Func) []impl {
	k := implKey{iface, m}
	if out, ok := f.impls[k]; ok {
		return out
	}
	pkgs := []*types.Package{f.pass.Pkg}
	if m.Pkg() != f.pass.Pkg {
		pkgs = append(pkgs, m.Pkg())
	}
	pkgs = append(pkgs, f.pass.Pkg.Imports()...)
	seen := map[*types.Package]bool{}
	out := []impl{}
	targs := analysisutil.MethodTypeArgs(m)
	for _, p := range pkgs {
		if seen[p] || dbcall.IsLibrary(p.Path()) {
			continue
		}
		seen[p] = true
		for _, t := range f.implsCache.OfArgs(iface, targs, p) {
			obj, _, _ := types.LookupFieldOrMethod(t.Type, true, m.Pkg(), m.Name())
			fn, ok := obj.(*types.Func)
			if !ok {
				continue
			}
			// The method of an instance (TransactionExecutor[Queries].ExecTx):
			// its facts and SSA function are its generic origin's.
			fn = fn.Origin()
			im := impl{impl: fn}
			if p == f.pass.Pkg {
				im.own = f.ssaFunc(fn)
				if im.own == nil {
					im.impl = nil
				}
			}
			out = append(out, im)
		}
	}
	if f.impls == nil {
		f.impls = map[implKey][]impl{}
	}
	f.impls[k] = out
	return out
}

// callBegin returns the begin fact of the function a call runs, static
// or through an interface.
func (f *finder) callBegin(common *ssa.CallCommon) *beginFact {
	if common.IsInvoke() {
		return f.invokeBegin(common.Method)
	}
	if callee := common.StaticCallee(); callee != nil {
		return f.beginOf(callee)
	}
	return nil
}

// ssaFunc returns the SSA function of a function or method of the package.
func (f *finder) ssaFunc(obj *types.Func) *ssa.Function {
	if f.srcFuncs == nil {
		f.srcFuncs = map[types.Object]*ssa.Function{}
		for _, fn := range f.db.SrcFuncs {
			if o := fn.Object(); o != nil {
				if _, ok := f.srcFuncs[o]; !ok {
					f.srcFuncs[o] = fn
				}
			}
		}
	}
	return f.srcFuncs[obj]
}

// exportIfaceHelpers exports helper facts for the methods of the
// package's interfaces whose implementations here are transaction helpers,
// so callers that see only the interface know.
func (f *finder) exportIfaceHelpers() {
	scope := f.pass.Pkg.Scope()
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		for i := 0; i < iface.NumExplicitMethods(); i++ {
			m := iface.ExplicitMethod(i)
			if m.Pkg() != f.pass.Pkg {
				continue
			}
			if h, _ := f.implHelper(iface, m); h != nil {
				f.pass.ExportObjectFact(m, h)
			}
		}
	}
}
