package dbcall

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/lazyregexp"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
)

// Transactions carried in a context.Context. Clean-architecture services
// begin a transaction in a use-case wrapper or middleware, put it in the
// context (ctx = context.WithValue(ctx, txKey{}, tx)), and repositories in
// other packages pick it up through an accessor that falls back to the
// pool:
//
//	func (r *Repo) conn(ctx context.Context) DBTX {
//		if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
//			return tx
//		}
//		return r.db
//	}
//
// An access whose handle comes from such an accessor runs on "the
// transaction ctx carries, else the pool": its Handle is the context value
// with the path CtxTxPath. The root is the context the accessor was given,
// followed back through derived contexts (context.WithTimeout,
// tracer.Start, any call returning a context.Context from one) up to a call
// that is given a transaction-like value (the one that puts it there), so
// txscope can tell which transaction, if any, it is.

// CtxTxPath is the Handle path of an access running on the transaction
// its context carries (or on the pool when it carries none).
const CtxTxPath = "#ctxtx"

// ctxAccessorFact is a fact indicating that a function returns, as result
// Result, the transaction carried by its context parameter Param (receiver
// first), when there is one.
type ctxAccessorFact struct {
	Param, Result int
}

func (*ctxAccessorFact) AFact() {}

func (f *ctxAccessorFact) String() string {
	return fmt.Sprintf("returns the transaction of p%d as r%d", f.Param, f.Result)
}

// IsContext reports the type context.Context.
func IsContext(t types.Type) bool { return types.TypeString(t, nil) == "context.Context" }

// TxLike reports a type a transaction can be carried as: the transaction
// types of the supported libraries, gorm's *DB, and types of the
// application named like a transaction or an executor over one (StoreTx,
// DBTX, Querier interfaces).
func TxLike(t types.Type) bool {
	s := apis.TypeString(t)
	switch s {
	case "*database/sql.Tx", "github.com/jackc/pgx/v5.Tx", "github.com/jackc/pgx/v4.Tx", "*github.com/jmoiron/sqlx.Tx", "*gorm.io/gorm.DB", "*github.com/jinzhu/gorm.DB", "*github.com/uptrace/bun.Tx", "github.com/uptrace/bun.Tx", "*github.com/gobuffalo/pop/v6.Connection":
		return true
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || IsStd(n.Obj().Pkg().Path()) {
		return false
	}
	name := strings.ToLower(n.Obj().Name())
	return strings.Contains(name, "tx") || strings.Contains(name, "transaction")
}

// CtxRoot follows a context value back through the contexts it derives
// from, to a parameter or to the call that put a transaction-like value
// in it.
func CtxRoot(v ssa.Value) ssa.Value {
	for i := 0; i < 16 && v != nil; i++ {
		v = unwrap(v)
		var call *ssa.Call
		switch x := v.(type) {
		case *ssa.Call:
			call = x
		case *ssa.Extract:
			if c, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
				call = c
			}
		case *ssa.UnOp:
			if a, ok := x.X.(*ssa.Alloc); ok {
				if st := soleStore(a); st != nil {
					v = st
					continue
				}
			}
			return v
		}
		if call == nil {
			return v
		}
		var parent ssa.Value
		for _, a := range ssautil.FullArgs(&call.Call) {
			if a == nil {
				continue
			}
			if TxLike(unwrap(a).Type()) {
				return v // the call putting a transaction in the context
			}
			if parent == nil && IsContext(a.Type()) {
				parent = a
			}
		}
		if parent == nil {
			return v
		}
		v = parent
	}
	return v
}

// ctxAccessorOf returns how fn returns the transaction its context
// carries: for functions of the package by their code, for others by
// their fact.
func (b *builder) ctxAccessorOf(fn *ssa.Function) *ctxAccessorFact {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if b.accessors == nil {
		b.accessors = map[*ssa.Function]*ctxAccessorFact{}
	}
	if f, ok := b.accessors[fn]; ok {
		return f
	}
	b.accessors[fn] = nil
	if fn.Pkg == nil || fn.Pkg.Pkg != b.pass.Pkg || fn.Blocks == nil {
		obj, ok := fn.Object().(*types.Func)
		if !ok || obj.Pkg() == b.pass.Pkg {
			return nil
		}
		var f ctxAccessorFact
		if b.pass.ImportObjectFact(obj, &f) {
			b.accessors[fn] = &f
			return &f
		}
		return nil
	}
	var f *ctxAccessorFact
	res := fn.Signature.Results()
	for _, blk := range fn.Blocks {
		ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for i, v := range ret.Results {
			if i >= res.Len() || IsContext(res.At(i).Type()) || isErrorOrBasic(res.At(i).Type()) {
				continue
			}
			if p := b.ctxTxSource(fn, v, 0, map[ssa.Value]bool{}); p >= 0 {
				f = &ctxAccessorFact{Param: p, Result: i}
				break
			}
		}
		if f != nil {
			break
		}
	}
	b.accessors[fn] = f
	return f
}

func isErrorOrBasic(t types.Type) bool {
	if _, ok := t.Underlying().(*types.Basic); ok {
		return true
	}
	return types.TypeString(t, nil) == "error"
}

// ctxTxSource returns the index of fn's context parameter when v is (on
// some path) the value that context carries: ctx.Value(k) asserted to a
// type, or another accessor's result for it.
func (b *builder) ctxTxSource(fn *ssa.Function, v ssa.Value, depth int, seen map[ssa.Value]bool) int {
	if v == nil || depth > 10 || seen[v] {
		return -1
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return b.ctxTxSource(fn, x.X, depth+1, seen)
	case *ssa.ChangeInterface:
		return b.ctxTxSource(fn, x.X, depth+1, seen)
	case *ssa.ChangeType:
		return b.ctxTxSource(fn, x.X, depth+1, seen)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if p := b.ctxTxSource(fn, e, depth+1, seen); p >= 0 {
				return p
			}
		}
	case *ssa.UnOp:
		if a, ok := x.X.(*ssa.Alloc); ok && a.Referrers() != nil {
			for _, r := range *a.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == a {
					if p := b.ctxTxSource(fn, st.Val, depth+1, seen); p >= 0 {
						return p
					}
				}
			}
		}
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.TypeAssert:
			if x.Index == 0 {
				return b.ctxTxSource(fn, t, depth+1, seen)
			}
		case *ssa.Call:
			return b.accessorCall(fn, t, x.Index, depth+1, seen)
		}
	case *ssa.TypeAssert:
		// ctx.Value(k).(*sql.Tx)
		if call, ok := x.X.(*ssa.Call); ok && call.Call.IsInvoke() && call.Call.Method.Name() == "Value" && IsContext(call.Call.Value.Type()) {
			return ctxParam(fn, call.Call.Value)
		}
	case *ssa.Call:
		return b.accessorCall(fn, x, 0, depth+1, seen)
	}
	return -1
}

// accessorCall returns the context parameter of fn passed to a call of an
// accessor whose result index is the transaction, or -1. depth and seen
// are ctxTxSource's: a handle taken from the transaction goes back there.
func (b *builder) accessorCall(fn *ssa.Function, call *ssa.Call, index, depth int, seen map[ssa.Value]bool) int {
	f := b.callAccessor(call)
	if f == nil || f.Result != index {
		// A handle taken from the carried transaction runs in it: ent's
		// tx.Client() of the *ent.Tx the context carries.
		if index == 0 && !call.Call.IsInvoke() && call.Call.Signature().Recv() != nil && len(call.Call.Args) > 0 && TxLike(call.Call.Args[0].Type()) {
			if r := call.Call.Signature().Results(); r.Len() == 1 && !isErrorOrBasic(r.At(0).Type()) {
				return b.ctxTxSource(fn, call.Call.Args[0], depth+1, seen)
			}
		}
		return -1
	}
	args := ssautil.FullArgs(&call.Call)
	if f.Param >= len(args) {
		return -1
	}
	return ctxParam(fn, args[f.Param])
}

// callAccessor returns the accessor fact of a call's callee: a static
// callee's, or, for a call through an interface (flexprice's
// postgres.IClient.Writer(ctx)), the one every implementation visible in
// the package, its imports or the interface's package agrees on.
func (b *builder) callAccessor(call *ssa.Call) *ctxAccessorFact {
	if callee := call.Call.StaticCallee(); callee != nil {
		return b.ctxAccessorOf(callee)
	}
	if !call.Call.IsInvoke() {
		return nil
	}
	m := call.Call.Method
	iface, ok := call.Call.Value.Type().Underlying().(*types.Interface)
	if !ok || m.Pkg() == nil || IsStd(m.Pkg().Path()) {
		return nil
	}
	pkgs := append([]*types.Package{b.pass.Pkg, m.Pkg()}, b.pass.Pkg.Imports()...)
	seen := map[*types.Package]bool{}
	var out *ctxAccessorFact
	for _, p := range pkgs {
		if seen[p] || IsStd(p.Path()) {
			continue
		}
		seen[p] = true
		for _, im := range b.implsCache.OfArgs(iface, analysisutil.TypeArgs(call.Call.Value.Type()), p) {
			obj, _, _ := types.LookupFieldOrMethod(im.Type, true, m.Pkg(), m.Name())
			impl, ok := obj.(*types.Func)
			if !ok {
				continue
			}
			impl = impl.Origin()
			var f *ctxAccessorFact
			if impl.Pkg() == b.pass.Pkg {
				if fn := b.ssaPkg.Prog.FuncValue(impl); fn != nil {
					f = b.ctxAccessorOf(fn)
				}
			} else {
				var imp ctxAccessorFact
				if b.pass.ImportObjectFact(impl, &imp) {
					f = &imp
				}
			}
			if f == nil {
				continue // a fake or a stand-in: not an accessor
			}
			if out != nil && *out != *f {
				return nil
			}
			out = f
		}
	}
	return out
}

// ctxParam returns the index of the parameter of fn that ctx derives from,
// or -1.
func ctxParam(fn *ssa.Function, ctx ssa.Value) int {
	root := CtxRoot(ctx)
	for i, p := range fn.Params {
		if p == root {
			return i
		}
	}
	return -1
}

// ctxHandle returns the handle of an access whose handle value r names:
// the transaction carried by a context when r is an accessor's result.
//
// A path below the accessor's result (".Tx": sqlx.Tx's embedded *sql.Tx,
// whose promoted methods run the statement) is still the carried
// transaction.
func (b *builder) ctxHandle(r Ref) (Ref, bool) {
	if r.Root == nil {
		return r, false
	}
	var call *ssa.Call
	index := 0
	switch x := r.Root.(type) {
	case *ssa.Call:
		call = x
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			call, index = c, x.Index
		}
	}
	if call == nil {
		return r, false
	}
	f := b.callAccessor(call)
	if f == nil || f.Result != index {
		return r, false
	}
	args := ssautil.FullArgs(&call.Call)
	if f.Param >= len(args) || args[f.Param] == nil {
		return r, false
	}
	return Ref{Root: CtxRoot(args[f.Param]), Path: CtxTxPath}, true
}

// ctxHandles gives the accesses inferred for a repository interface's
// method (whose implementation is not visible) the context it is given as
// their handle: a repository taking the context picks up the transaction
// it carries.
func ctxHandles(accs []*Access, args []ssa.Value) []*Access {
	var ctx ssa.Value
	for _, a := range args {
		if a != nil && IsContext(a.Type()) {
			ctx = a
			break
		}
	}
	if ctx == nil {
		return accs
	}
	for _, a := range accs {
		if a.Handle.IsZero() {
			a.Handle = Ref{Root: CtxRoot(ctx), Path: CtxTxPath}
		}
	}
	return accs
}

// exportAccessorFacts exports the context accessors of the package.
func (b *builder) exportAccessorFacts(fns []*ssa.Function) {
	for _, fn := range fns {
		if fn.Parent() != nil {
			continue
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || obj.Pkg() != b.pass.Pkg {
			continue
		}
		if f := b.ctxAccessorOf(fn); f != nil {
			b.pass.ExportObjectFact(obj, f)
		}
	}
}

// TxHelperName matches the names of transaction helpers and managers:
// WithinTransaction, WithTx, WithTxn, RunInTx, Atomic, Transact.
var TxHelperName = lazyregexp.New(`(?i)(tx|transaction|transact|atomic|unitofwork)`)

// declaresTxManager reports a package declaring the context side of
// transactions without importing a database library: a function named
// like a transaction helper taking a func(context.Context) error, or an
// interface with a Begin method returning a context (a manager
// implemented elsewhere). txscope recognizes its helpers on the model's
// functions, so the package needs them built.
func declaresTxManager(pkg *types.Package) bool {
	scope := pkg.Scope()
	takesCtxFunc := func(sig *types.Signature) bool {
		for i := 0; i < sig.Params().Len(); i++ {
			if cb, ok := sig.Params().At(i).Type().Underlying().(*types.Signature); ok && cb.Params().Len() > 0 && IsContext(cb.Params().At(0).Type()) {
				return true
			}
		}
		return false
	}
	for _, n := range scope.Names() {
		switch obj := scope.Lookup(n).(type) {
		case *types.Func:
			if TxHelperName.MatchString(obj.Name()) && takesCtxFunc(obj.Type().(*types.Signature)) {
				return true
			}
		case *types.TypeName:
			t := obj.Type()
			if iface, ok := t.Underlying().(*types.Interface); ok {
				for i := 0; i < iface.NumMethods(); i++ {
					m := iface.Method(i)
					sig := m.Type().(*types.Signature)
					if strings.HasPrefix(m.Name(), "Begin") && sig.Results().Len() > 0 && IsContext(sig.Results().At(0).Type()) {
						return true
					}
				}
				continue
			}
			ms := types.NewMethodSet(types.NewPointer(t))
			for i := 0; i < ms.Len(); i++ {
				m, ok := ms.At(i).Obj().(*types.Func)
				if ok && m.Pkg() == pkg && TxHelperName.MatchString(m.Name()) && takesCtxFunc(m.Type().(*types.Signature)) {
					return true
				}
			}
		}
	}
	return false
}
