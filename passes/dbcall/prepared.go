package dbcall

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// Statements prepared into struct fields: a service prepares its
// statements once, at start-up, into the fields of a struct, and its
// methods run them through the field.
//
//	s.byOwner, err = db.PrepareContext(ctx, `SELECT id FROM accounts WHERE owner = $1`)
//	...
//	s.byOwner.QueryRowContext(ctx, owner).Scan(&id)  → select accounts where owner = $1
//
// A field holds the statement every store of the package puts in it, when
// they all prepare one text; a field of another package holds the text
// its package exported (preparedFieldFact). A field no store of its own
// package fills (listmonk's subimporter.Options, wired by its main) is
// unknown: the stores of the packages importing it are not seen.

// preparedFieldFact is the SQL text of the statement that every store of
// its package puts into a struct field of statement type.
type preparedFieldFact struct{ Text string }

func (*preparedFieldFact) AFact()           {}
func (f *preparedFieldFact) String() string { return "prepared " + f.Text }

// stmtTypes are the types of prepared statements kept in fields.
var stmtTypes = map[string]bool{
	"*database/sql.Stmt":                 true,
	"*github.com/jmoiron/sqlx.Stmt":      true,
	"*github.com/jmoiron/sqlx.NamedStmt": true,
}

func isStmtType(t types.Type) bool { return stmtTypes[types.TypeString(t, nil)] }

// scanPreparedFields finds the text each statement field of the package's
// structs is prepared from, and exports it for the fields other packages
// can reach.
func (b *builder) scanPreparedFields() {
	texts := map[*types.Var]text{}
	bad := map[*types.Var]bool{}
	b.preparing = true
	for _, fn := range b.srcFuncs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok {
					b.notePgxPrepare(call.Common())
					continue
				}
				store, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := store.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				f, t, listed := b.listedStmtText(store)
				if !listed {
					f = fieldVar(fa.X.Type(), fa.Field)
					if f == nil || f.Pkg() != b.pass.Pkg || !isStmtType(f.Type()) || bad[f] {
						continue
					}
					if c, ok := unwrap(store.Val).(*ssa.Const); ok && c.IsNil() {
						continue // s.stmt = nil, on Close
					}
					t = b.storedStmtText(store.Val)
				}
				if bad[f] {
					continue
				}
				if old, seen := texts[f]; !t.known || seen && old.s != t.s {
					bad[f] = true
					delete(texts, f)
					continue
				}
				texts[f] = t
			}
		}
	}
	b.preparing = false
	b.preparedFields = texts
	for _, fn := range b.srcFuncs {
		if f := b.rebinds(fn); f != nil && fn.Object() != nil {
			b.pass.ExportObjectFact(fn.Object(), f)
		}
	}
	for f, t := range texts {
		if f.Exported() {
			b.pass.ExportObjectFact(f, &preparedFieldFact{Text: t.s})
		}
	}
	if len(b.pgxNames) > 0 {
		fact := &pgxNamesFact{}
		for name, t := range b.pgxNames {
			fact.Names = append(fact.Names, pgxName{name, t})
		}
		slices.SortFunc(fact.Names, func(x, y pgxName) int { return strings.Compare(x.Name, y.Name) })
		b.pass.ExportPackageFact(fact)
	}
}

// storedStmtText is the text of the statement a store puts into a field:
// a Prepare call's, or that of a helper of the package preparing the SQL
// its caller passes (s.get = mustPrepare(db, `SELECT ...`)).
func (b *builder) storedStmtText(v ssa.Value) text {
	if t := b.preparedText(v); t.known {
		return t
	}
	x := unwrap(v)
	if ex, ok := x.(*ssa.Extract); ok {
		x = ex.Tuple
	}
	call, ok := x.(*ssa.Call)
	if !ok {
		return text{s: sqltext.Hole, param: -1}
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg != b.ssaPkg || callee.Blocks == nil {
		return text{s: sqltext.Hole, param: -1}
	}
	param := -1
	for _, blk := range callee.Blocks {
		ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		r := ret.Results[0]
		if c, ok := unwrap(r).(*ssa.Const); ok && c.IsNil() {
			continue // the error return
		}
		t := b.preparedText(r)
		if t.known || t.param < 0 || param >= 0 && t.param != param {
			return text{s: sqltext.Hole, param: -1}
		}
		param = t.param
	}
	args := call.Call.Args
	if param < 0 || param >= len(args) {
		return text{s: sqltext.Hole, param: -1}
	}
	return b.resolveText(args[param])
}

// fieldVar returns field i of the struct a pointer type points to.
func fieldVar(t types.Type, i int) *types.Var {
	st := structOfType(t)
	if st == nil || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// fieldPreparedText returns the text of the statement a load of a
// statement field holds.
func (b *builder) fieldPreparedText(v ssa.Value) (text, bool) {
	var f *types.Var
	switch x := unwrap(v).(type) {
	case *ssa.UnOp:
		fa, ok := x.X.(*ssa.FieldAddr)
		if x.Op != token.MUL || !ok {
			return text{}, false
		}
		f = fieldVar(fa.X.Type(), fa.Field)
	case *ssa.Field:
		f = fieldVar(types.NewPointer(x.X.Type()), x.Field)
	}
	if f == nil || !isStmtType(f.Type()) {
		return text{}, false
	}
	if f.Pkg() == b.pass.Pkg {
		if b.preparing {
			return text{}, false
		}
		t, ok := b.preparedFields[f]
		return t, ok
	}
	var fact preparedFieldFact
	if b.pass.ImportObjectFact(f, &fact) {
		return text{s: fact.Text, known: true, param: -1}, true
	}
	return text{}, false
}

// pgx runs a statement prepared under a name when the SQL argument of
// Exec, Query or QueryRow is that name; services prepare them on every
// new connection of their pool:
//
//	cfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
//		_, err := c.Prepare(ctx, "account_by_owner", `SELECT id FROM accounts WHERE owner = $1`)
//		return err
//	}
//	pool.QueryRow(ctx, "account_by_owner", owner)  → select accounts where owner = $1
//
// pgxNamesFact holds a package's prepared names and their texts, for the
// packages importing it; a name prepared with two texts maps to "".
type pgxNamesFact struct{ Names []pgxName } // sorted by name

type pgxName struct{ Name, Text string }

func (*pgxNamesFact) AFact()         {}
func (*pgxNamesFact) String() string { return "pgxNames" }

// notePgxPrepare records the name and text of a pgx Prepare call.
func (b *builder) notePgxPrepare(call *ssa.CallCommon) {
	meth, ok := methodOf(call)
	if !ok || meth.Op != apis.OpPrepare || meth.Lib != apis.LibPgx && meth.Lib != apis.LibPgxV4 || meth.SQL < 1 {
		return
	}
	args := ssautil.CallArgs(call)
	if meth.SQL >= len(args) {
		return
	}
	name, ok := constString(unwrap(args[meth.SQL-1]))
	if !ok || name == "" {
		return
	}
	t := b.resolveText(args[meth.SQL])
	if !t.known || strings.Contains(t.s, sqltext.Hole) {
		t.s = ""
	}
	if b.pgxNames == nil {
		b.pgxNames = map[string]string{}
	}
	if old, seen := b.pgxNames[name]; seen && old != t.s {
		t.s = ""
	}
	b.pgxNames[name] = t.s
}

// pgxPreparedText returns the text of the statement pgx prepared under
// name, in this package or one it imports.
func (b *builder) pgxPreparedText(name string) (string, bool) {
	if strings.ContainsAny(name, " \t\r\n(;") {
		return "", false
	}
	if s, ok := b.pgxNames[name]; ok {
		return s, s != ""
	}
	found := ""
	for _, f := range b.pass.AllPackageFacts() {
		if fact, ok := f.Fact.(*pgxNamesFact); ok {
			if i, ok := slices.BinarySearchFunc(fact.Names, name, func(x pgxName, n string) int { return strings.Compare(x.Name, n) }); ok {
				s := fact.Names[i].Text
				if s == "" || found != "" && found != s {
					return "", false
				}
				found = s
			}
		}
	}
	return found, found != ""
}

// isStmtOp reports the calls of a prepared statement's own methods.
func isStmtOp(op apis.Op) bool {
	return op == apis.OpStmtExec || op == apis.OpStmtQuery || op == apis.OpStmtQueryRow || op == apis.OpStmtSelect
}

// A helper returning the statement its caller passes, rebound to the
// caller's transaction when there is one:
//
//	func TxStmt(txn *sql.Tx, statement *sql.Stmt) *sql.Stmt {
//		if txn != nil {
//			statement = txn.Stmt(statement)
//		}
//		return statement
//	}
//
// stmtRebindFact gives the indexes, in the function's Params (receiver
// first), of the statement and of the transaction (-1: none).
type stmtRebindFact struct{ Stmt, Tx int }

func (*stmtRebindFact) AFact() {}
func (f *stmtRebindFact) String() string {
	return fmt.Sprintf("rebinds p%d to p%d", f.Stmt, f.Tx)
}

// rebindCall returns, for a call of such a helper, the statement argument
// and the transaction argument (nil when there is none).
func (b *builder) rebindCall(v ssa.Value) (stmt, tx ssa.Value) {
	call, ok := unwrap(v).(*ssa.Call)
	if !ok {
		return nil, nil
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Object() == nil {
		return nil, nil
	}
	var f *stmtRebindFact
	if callee.Pkg == b.ssaPkg {
		f = b.rebinds(callee)
	} else {
		var fact stmtRebindFact
		if b.pass.ImportObjectFact(callee.Object(), &fact) {
			f = &fact
		}
	}
	args := ssautil.FullArgs(&call.Call)
	if f == nil || f.Stmt >= len(args) || f.Tx >= len(args) {
		return nil, nil
	}
	if f.Tx >= 0 {
		tx = args[f.Tx]
	}
	return args[f.Stmt], tx
}

// rebinds computes fn's stmtRebindFact, or nil: every result fn returns is
// one statement parameter, or a transaction parameter's rebinding of it.
func (b *builder) rebinds(fn *ssa.Function) *stmtRebindFact {
	if f, ok := b.rebindMemo[fn]; ok {
		return f
	}
	if b.rebindMemo == nil {
		b.rebindMemo = map[*ssa.Function]*stmtRebindFact{}
	}
	b.rebindMemo[fn] = nil
	res := fn.Signature.Results()
	if fn.Blocks == nil || res.Len() != 1 || !isStmtType(res.At(0).Type()) {
		return nil
	}
	f := &stmtRebindFact{Stmt: -1, Tx: -1}
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		v = unwrap(v)
		if seen[v] {
			return true
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				if !walk(e) {
					return false
				}
			}
			return true
		case *ssa.Parameter:
			i := paramIndex(fn, x)
			if i < 0 || f.Stmt >= 0 && f.Stmt != i {
				return false
			}
			f.Stmt = i
			return true
		}
		call, inner := txStmtCall(v)
		if call == nil {
			return false
		}
		p, ok := unwrap(ssautil.Receiver(call)).(*ssa.Parameter)
		if !ok {
			return false
		}
		i := paramIndex(fn, p)
		if i < 0 || f.Tx >= 0 && f.Tx != i {
			return false
		}
		f.Tx = i
		return walk(inner)
	}
	for _, blk := range fn.Blocks {
		ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if len(ret.Results) != 1 || !walk(ret.Results[0]) {
			return nil
		}
	}
	if f.Stmt < 0 {
		return nil
	}
	b.rebindMemo[fn] = f
	return f
}

// listedStmtText returns, for a store of a pointer to a statement field
// into a struct pairing it with the statement's SQL (dendrite's
// sqlutil.StatementList{{&s.insertStmt, insertSQL}}, whose Prepare stores
// db.Prepare(SQL) through the pointer), the field and that SQL.
func (b *builder) listedStmtText(store *ssa.Store) (*types.Var, text, bool) {
	ptr, ok := unwrap(store.Val).(*ssa.FieldAddr)
	if !ok {
		return nil, text{}, false
	}
	f := fieldVar(ptr.X.Type(), ptr.Field)
	if f == nil || f.Pkg() != b.pass.Pkg || !isStmtType(f.Type()) {
		return nil, text{}, false
	}
	slot, ok := store.Addr.(*ssa.FieldAddr)
	if !ok {
		return nil, text{}, false
	}
	st := structOfType(slot.X.Type())
	if st == nil || st.NumFields() != 2 {
		return nil, text{}, false
	}
	sqlField := 1 - slot.Field
	if !isString(st.Field(sqlField).Type()) {
		return nil, text{}, false
	}
	for _, ref := range *slot.X.Referrers() {
		other, ok := ref.(*ssa.FieldAddr)
		if !ok || other.Field != sqlField {
			continue
		}
		for _, r := range *other.Referrers() {
			if s, ok := r.(*ssa.Store); ok && s.Addr == other {
				return f, b.resolveText(s.Val), true
			}
		}
	}
	return f, text{s: sqltext.Hole, param: -1}, true
}
