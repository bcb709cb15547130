// Package txscope defines an Analyzer that finds the transactions of each
// function: explicit Begin…Commit/Rollback regions on one transaction value
// (database/sql, pgx, sqlx, gorm Begin, and pool interfaces shaped like
// *sql.DB whose BeginTx returns a Tx interface with Commit, Rollback and
// query methods: a read/write splitting resolver's, apis.TxShape),
// callback forms (gorm Transaction,
// pgx.BeginFunc and BeginTxFunc, and an application's own helpers such as
// withTx(ctx, db, func(tx *sql.Tx) error) and generic executors such as
// lnd's sqldb BatchedTx[Q].ExecTx, recognized across packages by a fact),
// their isolation level (of the helper's own begin too, the weakest of an
// interface's implementations), the accesses on an unexported field that
// only holds a callback's transaction (field.go), and the row locks they
// take, in order.
//
// It reports no diagnostics. Checkers use its Result:
//
//	tx := txs.Of(access)          // the transaction an access runs in, or nil
//	tx.Serializable()             // SERIALIZABLE (or stronger) isolation
//	tx.LocksBefore(access)        // row locks taken earlier in the transaction
//	tx.Open(instr)                // whether instr runs before the transaction ends
//
// The library calls it recognizes are listed in passes/apis.
package txscope

import (
	"fmt"
	"github.com/idemvet/idemvet/internal/ssautil"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/internal/ssabuild"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// Analyzer finds transaction regions.
var Analyzer = &analysis.Analyzer{
	Name:       "txscope",
	Doc:        "find transaction regions, their isolation and their row locks (reports no diagnostics)",
	URL:        "https://github.com/idemvet/idemvet/tree/main/passes/txscope",
	Run:        analysisutil.Guard("txscope", run),
	Requires:   []*analysis.Analyzer{dbcall.Analyzer, ssabuild.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(helperFact), new(beginFact)},
}

// Form is how a transaction is delimited.
type Form uint8

const (
	FormExplicit Form = iota + 1 // tx := db.Begin(...) ... tx.Commit()
	FormCallback                 // db.Transaction(func(tx) error {...}), pgx.BeginFunc, withTx helpers
	FormParam                    // a transaction received from the caller (func f(tx *sql.Tx))
)

// Tx is one transaction as seen in one function.
type Tx struct {
	Form Form
	// Fn is the function whose body runs inside the transaction: the
	// function calling Begin, or the callback.
	Fn *ssa.Function
	// Value is the transaction handle: Begin's result, the callback's
	// parameter, or the function's parameter.
	Value ssa.Value
	// Ctx is the callback's context parameter when the helper hands the
	// transaction over in the context rather than as an argument
	// (fn(context.WithValue(ctx, txKey{}, tx))).
	Ctx ssa.Value
	// Begin is the call that starts it (Begin, Transaction, BeginFunc, a
	// helper call); nil for FormParam.
	Begin ssa.CallInstruction
	// Ends are the Commit and Rollback calls of an explicit transaction.
	Ends []ssa.CallInstruction
	// Helper names the application helper running the callback, if any.
	Helper    string
	Isolation sqltext.Isolation
	// Accesses are the database accesses running on the transaction, in
	// instruction order.
	Accesses []*dbcall.Access
	// inPlace reports a Begin that made its receiver the transaction
	// (xorm's Session.Begin): only the calls after it run inside.
	inPlace bool
}

// Serializable reports SERIALIZABLE isolation.
func (t *Tx) Serializable() bool { return t != nil && t.Isolation == sqltext.IsolationSerializable }

// Locks returns the accesses of the transaction that take or hold row
// locks: locking reads, writes, and advisory locks, in order.
func (t *Tx) Locks() []*dbcall.Access {
	var out []*dbcall.Access
	for _, a := range t.Accesses {
		if a.Lock != sqltext.LockNone || a.Kind.IsWrite() || len(a.Advisory) > 0 {
			out = append(out, a)
		}
	}
	return out
}

// Result holds the transactions of a package.
type Result struct {
	Txs  []*Tx
	byFn map[*ssa.Function][]*Tx
	of   map[*dbcall.Access]*Tx
}

// Of returns the transaction access a runs in, or nil when it runs on a
// pool or connection outside any transaction the model sees.
func (r *Result) Of(a *dbcall.Access) *Tx {
	if r == nil {
		return nil
	}
	return r.of[a]
}

// InFunc returns the transactions whose body is fn.
func (r *Result) InFunc(fn *ssa.Function) []*Tx {
	if r == nil {
		return nil
	}
	return r.byFn[fn]
}

// helperFact is a fact indicating that a function runs its func-typed
// parameter Func inside a transaction, passing the transaction as the
// callback's argument TxArg (-1 when the callback takes none).
type helperFact struct {
	Func      int
	TxArg     int
	Isolation sqltext.Isolation
	// Ctx is 1 + the callback's argument whose context carries the
	// transaction, or 0.
	Ctx int
	// Heuristic reports a method of an interface whose implementation is
	// not visible, taken for a transaction helper by its name and shape.
	Heuristic bool
}

func (*helperFact) AFact() {}

func (f *helperFact) String() string {
	s := fmt.Sprintf("runs p%d in a transaction", f.Func)
	if f.Ctx > 0 {
		s += fmt.Sprintf(" carried by its a%d", f.Ctx-1)
	}
	if f.Isolation == sqltext.IsolationSerializable {
		s += " (serializable)"
	}
	return s
}

func run(pass *analysis.Pass) (any, error) {
	db := pass.ResultOf[dbcall.Analyzer].(*dbcall.Result)
	r := &Result{byFn: map[*ssa.Function][]*Tx{}, of: map[*dbcall.Access]*Tx{}}
	if db.Err != nil {
		return r, nil
	}
	f := &finder{pass: pass, db: db, r: r, helpers: map[*ssa.Function]*helperFact{}, implsCache: dbcall.SharedImpls(pass)}
	fns := db.SrcFuncs
	for _, fn := range fns {
		f.helperOf(fn)
	}
	for _, fn := range fns {
		f.scan(fn)
	}
	f.fields(f.txFields())
	for _, fn := range fns {
		f.params(fn)
	}
	for _, tx := range r.Txs {
		sort.SliceStable(tx.Accesses, func(i, j int) bool { return tx.Accesses[i].Pos < tx.Accesses[j].Pos })
	}
	for _, fn := range db.SrcFuncs {
		if h := f.helpers[fn]; h != nil {
			if obj, ok := fn.Object().(*types.Func); ok {
				pass.ExportObjectFact(obj, h)
			}
		}
		if b := f.beginOf(fn); b != nil {
			if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() == pass.Pkg {
				pass.ExportObjectFact(obj, b)
			}
		}
	}
	f.exportIfaceHelpers()
	return r, nil
}

// beginFact is a fact indicating that a function begins a transaction and
// returns it as its result Result, possibly wrapped in a type of the
// application (func (r Repo) BeginTx() (StoreTx, error)).
type beginFact struct {
	Result int
	// Ctx reports that the result is a context carrying the transaction
	// (func (db *Database) Begin(ctx, writable bool) (context.Context, error)).
	Ctx bool
	// Isolation is the level of the options the function begins with
	// (&sql.TxOptions{Isolation: sql.LevelSerializable}); the weakest when
	// it begins in several places.
	Isolation sqltext.Isolation
	// Opts is 1 + the parameter whose options the function begins with
	// (func (s *DB) begin(ctx, opts *sql.TxOptions) { s.db.BeginTx(ctx, opts) }),
	// counting the receiver, or 0: the level is then read at each call.
	Opts int
}

func (*beginFact) AFact() {}

func (f *beginFact) String() string {
	s := fmt.Sprintf("begins a transaction returned as r%d", f.Result)
	if f.Ctx {
		s = fmt.Sprintf("begins a transaction carried by the context r%d", f.Result)
	}
	if f.Isolation != sqltext.IsolationNone {
		s += " (" + strings.ToLower(f.Isolation.String()) + ")"
	}
	if f.Opts > 0 {
		s += fmt.Sprintf(" with the options of p%d", f.Opts-1)
	}
	return s
}

// weaker combines the begin facts of two functions a call may run (the
// implementations of an interface method): the weaker isolation wins, and
// options taken from a parameter count only when both take them from the
// same one.
func weaker(a, b *beginFact) *beginFact {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	out := *a
	out.Isolation = min(a.Isolation, b.Isolation)
	if a.Opts != b.Opts {
		out.Opts = 0
	}
	return &out
}

// isolationAt is the isolation level of the transaction a call of a
// function with begin fact b begins.
func isolationAt(b *beginFact, common *ssa.CallCommon) sqltext.Isolation {
	if b.Isolation != sqltext.IsolationNone || b.Opts == 0 {
		return b.Isolation
	}
	return isolationOf(arg(ssautil.FullArgs(common), b.Opts-1))
}

// beginOf computes whether fn returns a transaction it begins, directly
// or wrapped: the Begin result itself, a call given it (NewStoreTx(tx)),
// or a composite literal holding it. Imported functions come from facts.
func (f *finder) beginOf(fn *ssa.Function) *beginFact {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if f.begins == nil {
		f.begins = map[*ssa.Function]*beginFact{}
	}
	if b, ok := f.begins[fn]; ok {
		return b
	}
	f.begins[fn] = nil
	if fn.Pkg == nil || fn.Pkg.Pkg != f.pass.Pkg || fn.Blocks == nil {
		obj, ok := fn.Object().(*types.Func)
		if !ok {
			return nil
		}
		var b beginFact
		if f.pass.ImportObjectFact(obj, &b) {
			f.begins[fn] = &b
			return &b
		}
		return nil
	}
	txs := map[ssa.Value]bool{}
	ctxs := map[ssa.Value]bool{} // contexts returned by functions beginning into one
	// level is the weakest of the begins; opts the one parameter they take
	// their options from (-1: none seen yet, -2: not one).
	level, opts := sqltext.IsolationSerializable+1, -1
	begun := func(iso sqltext.Isolation, optsArg ssa.Value) {
		level = min(level, iso)
		i := -2
		if iso == sqltext.IsolationNone && optsArg != nil {
			if p, ok := ssautil.Unwrap(optsArg).(*ssa.Parameter); ok {
				for j, q := range fn.Params {
					if q == p {
						i = j
					}
				}
			}
		}
		if opts == -1 || opts == i {
			opts = i
		} else {
			opts = -2
		}
	}
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || call.Value() == nil {
				continue
			}
			common := call.Common()
			if m, ok := txMethod(common); ok && m.Op == apis.OpBegin && !m.InPlace {
				v := ssa.Value(call.Value())
				if _, isTuple := v.Type().(*types.Tuple); isTuple {
					v = firstExtract(v)
				}
				if v != nil {
					txs[v] = true
					o := arg(ssautil.CallArgs(common), m.Opts)
					begun(f.isolation(o), o)
				}
			} else if name, ok := gormName(common); ok && name == "Begin" {
				txs[call.Value()] = true
				begun(sqltext.IsolationNone, nil)
			} else if b := f.callBegin(common); b != nil && b.Ctx {
				v := ssa.Value(call.Value())
				if _, isTuple := v.Type().(*types.Tuple); isTuple {
					v = extract(v, b.Result)
				}
				if v != nil {
					ctxs[v] = true
					begun(isolationAt(b, common), nil)
				}
			}
		}
	}
	found := func(b *beginFact) *beginFact {
		if level <= sqltext.IsolationSerializable {
			b.Isolation = level
		}
		if opts >= 0 {
			b.Opts = opts + 1
		}
		f.begins[fn] = b
		return b
	}
	if len(txs) == 0 && len(ctxs) == 0 {
		return nil
	}
	for _, blk := range fn.Blocks {
		ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for i, v := range ret.Results {
			if dbcall.IsContext(v.Type()) && ctxFromBegin(v, txs, ctxs) {
				return found(&beginFact{Result: i, Ctx: true})
			}
		}
	}
	if len(txs) == 0 {
		return nil
	}
	carries := func(v ssa.Value) bool {
		if !holdsTx(v.Type(), 0) && !dbcall.TxLike(v.Type()) {
			return false // an error, a count: not the transaction
		}
		v = ssautil.Unwrap(v)
		if txs[v] {
			return true
		}
		switch x := v.(type) {
		case *ssa.Call:
			for _, a := range x.Call.Args {
				if txs[ssautil.Unwrap(a)] {
					return true
				}
			}
		case *ssa.UnOp:
			if a, ok := x.X.(*ssa.Alloc); ok {
				v = a
			}
		}
		if a, ok := v.(*ssa.Alloc); ok && a.Referrers() != nil {
			for _, r := range *a.Referrers() {
				if fa, ok := r.(*ssa.FieldAddr); ok && fa.Referrers() != nil {
					for _, rr := range *fa.Referrers() {
						if st, ok := rr.(*ssa.Store); ok && st.Addr == fa && txs[ssautil.Unwrap(st.Val)] {
							return true
						}
					}
				}
			}
		}
		return false
	}
	for _, blk := range fn.Blocks {
		ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for i, v := range ret.Results {
			if carries(v) {
				return found(&beginFact{Result: i})
			}
		}
	}
	return nil
}

type finder struct {
	pass    *analysis.Pass
	db      *dbcall.Result
	r       *Result
	helpers map[*ssa.Function]*helperFact
	begins  map[*ssa.Function]*beginFact
	visit   map[*ssa.Function]bool
	// ifaceHelpers memoizes invokeHelper.
	ifaceHelpers map[*types.Func]*helperFact
	// impls memoizes implsOf; implsCache the implementing types.
	impls      map[implKey][]impl
	implsCache *analysisutil.Impls
	// srcFuncs indexes db.SrcFuncs by object, for ssaFunc.
	srcFuncs map[types.Object]*ssa.Function
	// fieldIx memoizes indexFields.
	fieldIx *fieldIndex
}

// scan finds the explicit and callback transactions started in fn.
func (f *finder) scan(fn *ssa.Function) {
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, isDefer := instr.(*ssa.Defer); isDefer {
				continue
			}
			f.scanCall(fn, call)
		}
	}
}

func (f *finder) scanCall(fn *ssa.Function, call ssa.CallInstruction) {
	common := call.Common()
	args := ssautil.CallArgs(common)
	// Begin on a session that becomes the transaction:
	// sess := engine.NewSession(); sess.Begin(); ...; sess.Commit().
	if m, ok := txMethod(common); ok && m.Op == apis.OpBegin && m.InPlace {
		if recv := ssautil.Receiver(common); recv != nil {
			txv := ssautil.Unwrap(recv)
			tx := &Tx{Form: FormExplicit, Fn: fn, Value: txv, Begin: call, inPlace: true}
			tx.Ends = endsOf(txv)
			f.add(tx)
		}
		return
	}
	// Explicit Begin.
	if m, ok := txMethod(common); ok && m.Op == apis.OpBegin {
		if v := call.Value(); v != nil {
			var txv ssa.Value = v
			if _, isTuple := v.Type().(*types.Tuple); isTuple {
				txv = firstExtract(v)
			}
			if txv != nil {
				tx := &Tx{Form: FormExplicit, Fn: fn, Value: txv, Begin: call, Isolation: f.isolation(arg(args, m.Opts))}
				tx.Ends = endsOf(txv)
				f.add(tx)
			}
		}
		return
	}
	if name, ok := gormName(common); ok {
		switch name {
		case "Begin":
			if v := call.Value(); v != nil {
				iso := sqltext.IsolationNone
				if len(args) > 0 {
					if opts, ok := ssautil.VariadicArgs(args[0]); ok && len(opts) > 0 {
						iso = isolationOf(opts[0])
					}
				}
				tx := &Tx{Form: FormExplicit, Fn: fn, Value: v, Begin: call, Isolation: iso}
				tx.Ends = endsOf(v)
				f.add(tx)
			}
		case "Transaction":
			iso := sqltext.IsolationNone
			if len(args) > 1 {
				if opts, ok := ssautil.VariadicArgs(args[1]); ok && len(opts) > 0 {
					iso = isolationOf(opts[0])
				}
			}
			f.callback(fn, call, arg(args, 0), 0, iso, "", 0)
		}
		return
	}
	if m, ok := txMethod(common); ok && m.Op == apis.OpTxFunc {
		ctx := 0
		if m.TxArg > 0 {
			ctx = 1 // the callback's first parameter is the transaction's context (bun RunInTx)
		}
		f.callback(fn, call, arg(args, m.Func), m.TxArg, f.isolation(arg(args, m.Opts)), "", ctx)
		return
	}
	// An application helper: withTx(ctx, db, func(tx) error).
	if callee := common.StaticCallee(); callee != nil {
		// A function beginning the transaction it returns:
		// tx, err := repo.BeginTx().
		if b := f.beginOf(callee); b != nil && !b.Ctx && call.Value() != nil {
			var txv ssa.Value = call.Value()
			if _, isTuple := txv.Type().(*types.Tuple); isTuple {
				txv = extract(txv, b.Result)
			}
			if txv != nil {
				tx := &Tx{Form: FormExplicit, Fn: fn, Value: txv, Begin: call, Helper: calleeLabel(callee), Isolation: isolationAt(b, common)}
				tx.Ends = endsOf(txv)
				f.add(tx)
			}
			return
		}
		if h := f.helperOf(callee); h != nil {
			full := ssautil.FullArgs(common)
			if h.Func < len(full) {
				f.callback(fn, call, full[h.Func], h.TxArg, h.Isolation, calleeLabel(callee), h.Ctx)
			}
		}
		return
	}
	// A transaction helper behind an interface:
	// s.tx.WithinTransaction(ctx, func(ctx context.Context) error {...}).
	if common.IsInvoke() {
		if h := f.invokeHelper(common.Method); h != nil {
			full := ssautil.FullArgs(common)
			if h.Func < len(full) {
				f.callback(fn, call, full[h.Func], h.TxArg, h.Isolation, ssautil.ObjLabel(common.Method), h.Ctx)
			}
		}
	}
}

// callback records the transaction a callback runs in.
func (f *finder) callback(fn *ssa.Function, call ssa.CallInstruction, cb ssa.Value, txArg int, iso sqltext.Isolation, helper string, ctx int) {
	body := ssautil.FuncOf(cb)
	if body == nil {
		return
	}
	tx := &Tx{Form: FormCallback, Fn: body, Begin: call, Isolation: iso, Helper: helper}
	if txArg >= 0 && txArg < len(body.Params) {
		tx.Value = body.Params[txArg]
	}
	if ctx > 0 && ctx-1 < len(body.Params) {
		tx.Ctx = body.Params[ctx-1]
	}
	f.add(tx)
}

// add registers a transaction and assigns it the accesses on its value,
// with the transaction's own SET TRANSACTION statements.
func (f *finder) add(tx *Tx) {
	f.r.Txs = append(f.r.Txs, tx)
	f.r.byFn[tx.Fn] = append(f.r.byFn[tx.Fn], tx)
	fi := f.db.Func(tx.Fn)
	if fi == nil {
		return
	}
	for _, a := range fi.Accesses {
		if _, taken := f.r.of[a]; taken {
			continue
		}
		if !onTx(a, tx) {
			continue
		}
		f.r.of[a] = tx
		tx.Accesses = append(tx.Accesses, a)
		if a.Kind == dbcall.KindTxControl && a.Isolation != sqltext.IsolationNone && tx.Isolation == sqltext.IsolationNone {
			tx.Isolation = a.Isolation
		}
	}
}

// onTx reports whether a runs on tx: its handle is the transaction value
// (or, for a callback without a handle argument, any access in the body).
func onTx(a *dbcall.Access, tx *Tx) bool {
	if a.Handle.Path == dbcall.CtxTxPath {
		return carries(tx, a.Handle.Root)
	}
	if tx.Value == nil {
		return tx.Form == FormCallback && a.Fn == tx.Fn && tx.Ctx == nil
	}
	root := a.Handle.Root
	if root == nil {
		return false
	}
	if root == tx.Value {
		return !tx.inPlace || beginsBefore(tx.Begin, a)
	}
	// A gorm chain rooted at the transaction, or a handle derived from it
	// (tx.WithContext(ctx)).
	if dbcall.GormRoot(root) == tx.Value {
		return true
	}
	// An xorm session refined before it was handed on
	// (helper(sess.Context(ctx))).
	if dbcall.XormRoot(root) == tx.Value {
		return !tx.inPlace || beginsBefore(tx.Begin, a)
	}
	// A pop connection derived from the transaction's
	// (tx.WithContext(ctx), tx.Eager()) handed on.
	if dbcall.PopRoot(root) == tx.Value {
		return true
	}
	return false
}

// beginsBefore reports a Begin that runs before the access on every path.
func beginsBefore(begin ssa.CallInstruction, a *dbcall.Access) bool {
	if begin == nil || a.Call == nil || begin.Parent() != a.Call.Parent() {
		return false
	}
	if begin.Block() == a.Call.Block() {
		return ssautil.Index(begin) < ssautil.Index(a.Call)
	}
	return begin.Block().Dominates(a.Call.Block())
}

// params records transactions received as parameters: accesses whose handle
// is a parameter of a transaction type.
func (f *finder) params(fn *ssa.Function) {
	fi := f.db.Func(fn)
	if fi == nil {
		return
	}
	var byParam map[ssa.Value]*Tx
	for _, a := range fi.Accesses {
		if _, taken := f.r.of[a]; taken {
			continue
		}
		p, ok := a.Handle.Root.(*ssa.Parameter)
		if !ok || a.Handle.Path != "" || !isTxType(p.Type()) {
			continue
		}
		if byParam == nil {
			byParam = map[ssa.Value]*Tx{}
		}
		tx := byParam[p]
		if tx == nil {
			tx = &Tx{Form: FormParam, Fn: fn, Value: p}
			byParam[p] = tx
			f.r.Txs = append(f.r.Txs, tx)
			f.r.byFn[fn] = append(f.r.byFn[fn], tx)
		}
		f.r.of[a] = tx
		tx.Accesses = append(tx.Accesses, a)
	}
}

// IsTxType reports the transaction types of the supported libraries
// (*sql.Tx, pgx.Tx, *sqlx.Tx, bun.Tx, ent's Tx).
func IsTxType(t types.Type) bool { return isTxType(t) }

// isTxType reports the transaction types of the supported libraries.
func isTxType(t types.Type) bool {
	switch types.TypeString(t, nil) {
	case "*database/sql.Tx", "github.com/jackc/pgx/v5.Tx", "github.com/jackc/pgx/v4.Tx", "*github.com/jmoiron/sqlx.Tx", "github.com/uptrace/bun.Tx":
		return true
	}
	if dbcall.IsEntTx(t) {
		return true
	}
	return false
}

// helperOf computes whether fn runs one of its func parameters inside a
// transaction, for functions of this package; imported ones come from
// facts.
func (f *finder) helperOf(fn *ssa.Function) *helperFact {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if h, ok := f.helpers[fn]; ok {
		return h
	}
	if fn.Pkg == nil || fn.Pkg.Pkg != f.pass.Pkg || fn.Blocks == nil {
		obj, ok := fn.Object().(*types.Func)
		if !ok {
			return nil
		}
		var h helperFact
		if f.pass.ImportObjectFact(obj, &h) {
			f.helpers[fn] = &h
			return &h
		}
		f.helpers[fn] = nil
		return nil
	}
	if f.visit == nil {
		f.visit = map[*ssa.Function]bool{}
	}
	if f.visit[fn] {
		return nil
	}
	f.visit[fn] = true
	defer delete(f.visit, fn)
	h := f.findHelper(fn)
	f.helpers[fn] = h
	return h
}

// findHelper looks for the shapes of a transaction helper:
//
//	func withTx(ctx, db, fn func(*sql.Tx) error) error {
//		tx, _ := db.BeginTx(ctx, nil); ...; if err := fn(tx); ...; return tx.Commit()
//	}
//	func inTx(ctx, pool, fn func(pgx.Tx) error) error { return pgx.BeginFunc(ctx, pool, fn) }
//	func (s *Store) Tx(fn func(*gorm.DB) error) error { return s.db.Transaction(fn) }
func (f *finder) findHelper(fn *ssa.Function) *helperFact {
	paramIdx := func(v ssa.Value) int {
		for i, p := range fn.Params {
			if p == v {
				if _, ok := p.Type().Underlying().(*types.Signature); ok {
					return i
				}
			}
		}
		return -1
	}
	begins := map[ssa.Value]sqltext.Isolation{}
	ctxBegins := map[ssa.Value]bool{}
	var ctxLevels []sqltext.Isolation // of the begins into a context
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			common := call.Common()
			args := ssautil.CallArgs(common)
			if _, known := txMethod(common); !known && call.Value() != nil {
				// A function or interface method beginning the transaction
				// it returns: tx, err := r.db.startTx(ctx, opts).
				if b := f.callBegin(common); b != nil {
					var txv ssa.Value = call.Value()
					if _, isTuple := txv.Type().(*types.Tuple); isTuple {
						txv = extract(txv, b.Result)
					}
					if txv != nil && b.Ctx {
						ctxBegins[txv] = true
						ctxLevels = append(ctxLevels, isolationAt(b, common))
					} else if txv != nil {
						begins[txv] = isolationAt(b, common)
					}
				}
			}
			if m, ok := txMethod(common); ok {
				switch m.Op {
				case apis.OpBegin:
					if m.InPlace {
						// sess.Begin(): the session is the transaction
						// (Gitea's txWithNoCheck hands it on in a context).
						if recv := ssautil.Receiver(common); recv != nil {
							begins[ssautil.Unwrap(recv)] = f.isolation(arg(args, m.Opts))
						}
						continue
					}
					if v := call.Value(); v != nil {
						var txv ssa.Value = v
						if _, isTuple := v.Type().(*types.Tuple); isTuple {
							txv = firstExtract(v)
						}
						if txv != nil {
							begins[txv] = f.isolation(arg(args, m.Opts))
						}
					}
				case apis.OpTxFunc:
					if i := paramIdx(arg(args, m.Func)); i >= 0 {
						return &helperFact{Func: i, TxArg: m.TxArg, Isolation: f.isolation(arg(args, m.Opts))}
					}
					if i, j := forwardsTx(fn, arg(args, m.Func), paramIdx); i >= 0 {
						return forwarded(fn, i, j, f.isolation(arg(args, m.Opts)))
					}
				}
				continue
			}
			if name, ok := gormName(common); ok {
				switch name {
				case "Transaction":
					if i := paramIdx(arg(args, 0)); i >= 0 {
						iso := sqltext.IsolationNone
						if len(args) > 1 {
							if opts, ok := ssautil.VariadicArgs(args[1]); ok && len(opts) > 0 {
								iso = isolationOf(opts[0])
							}
						}
						return &helperFact{Func: i, TxArg: 0, Isolation: iso}
					}
					if i, j := forwardsTx(fn, arg(args, 0), paramIdx); i >= 0 {
						return forwarded(fn, i, j, sqltext.IsolationNone)
					}
				case "Begin":
					if v := call.Value(); v != nil {
						begins[v] = sqltext.IsolationNone
					}
				}
				continue
			}
			// A call of the func parameter with the transaction, or with
			// a context carrying it.
			if i := paramIdx(common.Value); i >= 0 && !common.IsInvoke() {
				for j, a := range common.Args {
					if iso, ok := beginGiven(a, begins); ok {
						return &helperFact{Func: i, TxArg: j, Isolation: iso}
					}
				}
				set := map[ssa.Value]bool{}
				for v := range begins {
					set[v] = true
				}
				for j, a := range common.Args {
					if ctxCarrying(a, set) || dbcall.IsContext(a.Type()) && ctxFromBegin(a, nil, ctxBegins) {
						// Which begin the context carries is not read here:
						// the weakest of them all.
						iso, any := sqltext.IsolationSerializable, false
						for _, l := range begins {
							iso, any = min(iso, l), true
						}
						for _, l := range ctxLevels {
							iso, any = min(iso, l), true
						}
						if !any {
							iso = sqltext.IsolationNone
						}
						return &helperFact{Func: i, TxArg: -1, Ctx: j + 1, Isolation: iso}
					}
				}
			}
			// Passing the func parameter on to another helper.
			if callee := common.StaticCallee(); callee != nil && callee != fn {
				if h := f.helperOf(callee); h != nil {
					full := ssautil.FullArgs(common)
					if h.Func < len(full) {
						if i := paramIdx(full[h.Func]); i >= 0 {
							return &helperFact{Func: i, TxArg: h.TxArg, Isolation: h.Isolation, Ctx: h.Ctx}
						}
					}
				}
			}
		}
	}
	return nil
}

// beginGiven reports whether the argument a is one of the transactions
// begun in a function (the keys of begins), or a call given one
// (txBody(t.createQuery(tx)): the queries of the transaction), and
// returns the transaction's isolation. A transaction held in a variable a
// closure captures (defer func() { tx.Rollback() }()) is read through it.
func beginGiven(a ssa.Value, begins map[ssa.Value]sqltext.Isolation) (sqltext.Isolation, bool) {
	isCtx := dbcall.IsContext(a.Type())
	a = deref(a)
	if iso, ok := begins[a]; ok {
		return iso, true
	}
	// A context given it (context.WithValue(ctx, txKey{}, tx)) carries
	// the transaction rather than being it: see ctxCarrying.
	if c, ok := a.(*ssa.Call); ok && !dbcall.IsContext(a.Type()) {
		for _, x := range ssautil.FullArgs(&c.Call) {
			if iso, ok := begins[deref(x)]; ok {
				return iso, true
			}
		}
	}
	// A wrapper given it in a field: fn(&Tx{tx: tx}), the application's
	// own transaction type whose methods forward SQL to the one begun.
	if al, ok := a.(*ssa.Alloc); ok && !isCtx {
		iso, found := sqltext.IsolationNone, false
		holdsInField(al, func(v ssa.Value) bool {
			iso, found = begins[deref(v)]
			return found
		})
		if found {
			return iso, true
		}
	}
	return sqltext.IsolationNone, false
}

// forwardsTx recognizes a transaction callback that hands the transaction
// (or a value made from it) to a func parameter of the helper fn:
//
//	func (s *Store) InTx(ctx, fn func(*db.Queries) error) error {
//		return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error { return fn(s.Q.WithTx(tx)) })
//	}
//
// It returns the parameter's index and the argument position, or -1, -1.
func forwardsTx(fn *ssa.Function, cb ssa.Value, paramIdx func(ssa.Value) int) (int, int) {
	body := ssautil.FuncOf(cb)
	if body == nil || body.Parent() != fn || len(body.Params) == 0 {
		return -1, -1
	}
	var mc *ssa.MakeClosure
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			if x, ok := instr.(*ssa.MakeClosure); ok && x.Fn == body {
				mc = x
			}
		}
	}
	if mc == nil {
		return -1, -1
	}
	bound := func(v ssa.Value) ssa.Value {
		if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
			v = ld.X
		}
		for i, fv := range body.FreeVars {
			if fv == v && i < len(mc.Bindings) {
				b := mc.Bindings[i]
				if a, ok := b.(*ssa.Alloc); ok && a.Referrers() != nil {
					// A spilled parameter: its one store.
					for _, r := range *a.Referrers() {
						if st, ok := r.(*ssa.Store); ok && st.Addr == a {
							return st.Val
						}
					}
				}
				return b
			}
		}
		return nil
	}
	tx := body.Params[0]
	fromTx := func(a ssa.Value) bool {
		if dbcall.IsContext(a.Type()) {
			a = dbcall.CtxRoot(a) // ctx = withTx(ctx, tx); ctx, cancel := context.WithTimeout(ctx, d)
		}
		a = ssautil.Unwrap(a)
		if a == tx {
			return true
		}
		if c, ok := a.(*ssa.Call); ok {
			for _, x := range c.Call.Args {
				if ssautil.Unwrap(x) == tx {
					return true
				}
			}
		}
		// A wrapper given the transaction in a field: conn := c.Copy();
		// conn.Connection = tx; fn(conn) (supabase/auth's
		// storage.Connection over pop), fn(&Repo{db: tx}).
		if refs := a.Referrers(); refs != nil {
			for _, r := range *refs {
				fa, ok := r.(*ssa.FieldAddr)
				if !ok || fa.Referrers() == nil {
					continue
				}
				for _, rr := range *fa.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == fa && ssautil.Unwrap(st.Val) == tx {
						return true
					}
				}
			}
		}
		return false
	}
	for _, blk := range body.Blocks {
		for _, instr := range blk.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || call.Common().IsInvoke() {
				continue
			}
			b := bound(call.Common().Value)
			if b == nil {
				continue
			}
			i := paramIdx(b)
			if i < 0 {
				continue
			}
			for j, a := range call.Common().Args {
				if fromTx(a) {
					return i, j
				}
			}
		}
	}
	return -1, -1
}

// forwarded is the helper fact of a helper whose transaction callback
// hands the transaction to its func parameter i as argument j: as the
// argument, or in a context (fn(context.WithValue(ctx, txKey{}, tx))).
func forwarded(fn *ssa.Function, i, j int, iso sqltext.Isolation) *helperFact {
	if sig, ok := fn.Params[i].Type().Underlying().(*types.Signature); ok && j < sig.Params().Len() && dbcall.IsContext(sig.Params().At(j).Type()) {
		return &helperFact{Func: i, TxArg: -1, Ctx: j + 1, Isolation: iso}
	}
	return &helperFact{Func: i, TxArg: j, Isolation: iso}
}

// endsOf returns the Commit and Rollback calls on a transaction value
// (deferred ones excluded: they run when the function returns).
func endsOf(tx ssa.Value) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		if seen[v] || v.Referrers() == nil {
			return
		}
		seen[v] = true
		for _, r := range *v.Referrers() {
			switch x := r.(type) {
			case *ssa.Call:
				if isEnd(x.Common()) && ssautil.Unwrap(ssautil.Receiver(x.Common())) == ssautil.Unwrap(v) {
					out = append(out, x)
				}
			case *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.Phi:
				walk(x.(ssa.Value))
			case *ssa.Field:
				// A wrapper held by value (type StoreTx struct{ *sqlx.Tx }).
				if embeddedValueField(x) {
					walk(x)
				}
			case *ssa.FieldAddr:
				// An embedded transaction (sqlx.Tx embeds *sql.Tx): its
				// promoted Commit runs on the loaded field; pop's
				// connection holds its transaction in c.TX.
				if (embeddedField(x) || dbcall.PopTxField(x)) && x.Referrers() != nil {
					for _, rr := range *x.Referrers() {
						if ld, ok := rr.(*ssa.UnOp); ok && ld.Op == token.MUL {
							walk(ld)
						}
					}
				}
			}
		}
	}
	walk(tx)
	return out
}

// holdsTx reports a transaction type, or a struct (or pointer to one)
// with a field holding one: a wrapper such as struct{ *sqlx.Tx }.
func holdsTx(t types.Type, depth int) bool { return holdsTxSeen(t, depth, map[types.Type]bool{}) }

// holdsTxSeen is holdsTx with the types already looked into (a struct of
// structs fans out at every level).
func holdsTxSeen(t types.Type, depth int, seen map[types.Type]bool) bool {
	if s := apis.TypeString(t); isTxType(t) || s == "*"+apis.GormPkg+".DB" || s == "*"+apis.GormV1Pkg+".DB" || s == "*"+apis.PopPkg+".Connection" {
		return true
	}
	if depth > 3 || seen[t] {
		return false
	}
	seen[t] = true
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if holdsTxSeen(st.Field(i).Type(), depth+1, seen) {
			return true
		}
	}
	return false
}

func embeddedValueField(fd *ssa.Field) bool {
	st, ok := fd.X.Type().Underlying().(*types.Struct)
	return ok && fd.Field < st.NumFields() && st.Field(fd.Field).Embedded()
}

func embeddedField(fa *ssa.FieldAddr) bool {
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	return ok && fa.Field < st.NumFields() && st.Field(fa.Field).Embedded()
}

func isEnd(common *ssa.CallCommon) bool {
	if m, ok := txMethod(common); ok {
		return m.Op == apis.OpCommit || m.Op == apis.OpRollback
	}
	if name, ok := gormName(common); ok {
		return name == "Commit" || name == "Rollback"
	}
	return false
}

// IsEnd reports whether instr commits or rolls back tx.
func (t *Tx) IsEnd(instr ssa.Instruction) bool {
	for _, e := range t.Ends {
		if e == instr {
			return true
		}
	}
	return false
}

// isolationOf reads the isolation level of transaction options:
// &sql.TxOptions{Isolation: sql.LevelSerializable}, pgx.TxOptions{IsoLevel:
// pgx.Serializable}.
func isolationOf(opts ssa.Value) sqltext.Isolation {
	if opts == nil {
		return sqltext.IsolationNone
	}
	for _, field := range []string{"Isolation", "IsoLevel"} {
		if v := storedField(opts, field); v != nil {
			if c, ok := v.(*ssa.Const); ok && c.Value != nil {
				return levelOf(c)
			}
		}
	}
	return sqltext.IsolationNone
}

// levelOf maps a constant isolation level (sql.IsolationLevel or
// pgx.TxIsoLevel) to the summary's level.
func levelOf(c *ssa.Const) sqltext.Isolation {
	switch c.Value.Kind() {
	case constant.Int:
		n, _ := constant.Int64Val(c.Value)
		switch n {
		case 1:
			return sqltext.IsolationReadUncommitted
		case 2, 3:
			return sqltext.IsolationReadCommitted
		case 4, 5:
			return sqltext.IsolationRepeatableRead
		case 6, 7:
			return sqltext.IsolationSerializable
		}
	case constant.String:
		switch strings.ToLower(constant.StringVal(c.Value)) {
		case "serializable":
			return sqltext.IsolationSerializable
		case "repeatable read":
			return sqltext.IsolationRepeatableRead
		case "read committed":
			return sqltext.IsolationReadCommitted
		case "read uncommitted":
			return sqltext.IsolationReadUncommitted
		}
	}
	return sqltext.IsolationNone
}

// storedField returns the constant or value stored into a field of a
// composite literal passed by pointer or by value: built in place, copied
// into a variable whose address is taken (o := sql.TxOptions{...};
// db.BeginTx(ctx, &o)), or returned by a function of the package
// (db.BeginTx(ctx, serializable())).
func storedField(v ssa.Value, name string) ssa.Value {
	return storedFieldDepth(v, name, 0)
}

func storedFieldDepth(v ssa.Value, name string, depth int) ssa.Value {
	if depth > 3 {
		return nil
	}
	v = ssautil.Unwrap(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		v = ld.X
	}
	if c, ok := v.(*ssa.Call); ok {
		callee := c.Call.StaticCallee()
		if callee == nil || callee.Blocks == nil {
			return nil
		}
		var found ssa.Value
		for _, blk := range callee.Blocks {
			if ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 {
				x := storedFieldDepth(ret.Results[0], name, depth+1)
				if x == nil || found != nil && x != found {
					return nil // a return without it, or another value
				}
				found = x
			}
		}
		return found
	}
	if v.Referrers() == nil {
		return nil
	}
	for _, r := range *v.Referrers() {
		if s, ok := r.(*ssa.Store); ok && s.Addr == v {
			// *o = *complit
			if x := storedFieldDepth(s.Val, name, depth+1); x != nil {
				return x
			}
			continue
		}
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		st, ok := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
		if !ok || st.Field(fa.Field).Name() != name {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if s, ok := rr.(*ssa.Store); ok && s.Addr == fa {
				return s.Val
			}
		}
	}
	return nil
}

func extract(v ssa.Value, index int) ssa.Value {
	for _, r := range *v.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == index {
			return ex
		}
	}
	return nil
}

func firstExtract(v ssa.Value) ssa.Value {
	for _, r := range *v.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == 0 {
			return ex
		}
	}
	return nil
}

func arg(args []ssa.Value, i int) ssa.Value {
	if i >= 0 && i < len(args) {
		return args[i]
	}
	return nil
}

func gormName(common *ssa.CallCommon) (string, bool) {
	f := analysisutil.CalleeFunc(common)
	if f == nil || f.Pkg() == nil || f.Pkg().Path() != apis.GormPkg && f.Pkg().Path() != apis.GormV1Pkg {
		return "", false
	}
	sig, ok := f.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return "", false
	}
	return f.Name(), true
}

func calleeLabel(fn *ssa.Function) string {
	if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() != nil {
		return obj.Pkg().Name() + "." + obj.Name()
	}
	return fn.Name()
}
