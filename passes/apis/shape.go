package apis

import "go/types"

// rowTypes are the result types that mark a method as a database query
// method when it is recognized by shape.
var rowTypes = map[string]Op{
	"database/sql.Result":   OpExec,
	"*database/sql.Rows":    OpQuery,
	"*database/sql.Row":     OpQueryRow,
	connPkg + ".CommandTag": OpExec,
	pgxPkg + ".Rows":        OpQuery,
	pgxPkg + ".Row":         OpQueryRow,
	"*" + sqlxPkg + ".Rows": OpQuery,
	"*" + sqlxPkg + ".Row":  OpQueryRow,
	"*database/sql.Stmt":    OpPrepare,
	"*" + sqlxPkg + ".Stmt": OpPrepare,
}

// Shape recognizes a method of an interface type by its shape: the query
// methods of sqlc's generated DBTX interface and of the Querier/Executor
// interfaces applications declare over *sql.DB, *sql.Tx, pgx and sqlx:
//
//	ExecContext(context.Context, string, ...interface{}) (sql.Result, error)
//	QueryRow(context.Context, string, ...interface{}) pgx.Row
//	GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error
//
// A method matches when its SQL parameter is a string followed by a variadic
// ...any and its first result is a known rows/result type (or, for Get and
// Select, the destination precedes the SQL and the only result is an error).
func Shape(fn *types.Func) (Method, bool) {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return Method{}, false
	}
	params, results := sig.Params(), sig.Results()
	n := params.Len()
	first := 0
	if n > 0 && isContext(params.At(0).Type()) {
		first = 1
	}
	switch fn.Name() {
	case "GetContext", "SelectContext", "Get", "Select":
		// (ctx?, dest any, query string, args ...any) error
		if !sig.Variadic() || n != first+3 || results.Len() != 1 || !isError(results.At(0).Type()) || !isString(params.At(first+1).Type()) {
			return Method{}, false
		}
		op := OpGet
		if fn.Name() == "SelectContext" || fn.Name() == "Select" {
			op = OpSelect
		}
		return m(LibShape, op, first+1, first+2).dest(first), true
	}
	if results.Len() == 0 || n < first+1 || !isString(params.At(first).Type()) {
		return Method{}, false
	}
	op, ok := rowTypes[types.TypeString(results.At(0).Type(), nil)]
	if !ok {
		return Method{}, false
	}
	if op == OpPrepare {
		if n != first+1 {
			return Method{}, false
		}
		return m(LibShape, OpPrepare, first, -1), true
	}
	if !sig.Variadic() || n != first+2 {
		return Method{}, false
	}
	return m(LibShape, op, first, first+1), true
}

func isContext(t types.Type) bool { return types.TypeString(t, nil) == "context.Context" }

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

func isError(t types.Type) bool { return types.TypeString(t, nil) == "error" }

// TxShape recognizes, by shape, the transaction methods of a pool or
// transaction interface an application or a connection library declares
// over database/sql (a read/write splitting resolver's DB and Tx):
//
//	BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error)
//	Begin() (Tx, error)
//	Commit() error / Rollback() error     on such a Tx
//
// where Tx is an interface with Commit() error, Rollback() error and a
// query method Shape recognizes. The transaction's queries are then
// recognized by Shape on the Tx value Begin returned.
func TxShape(fn *types.Func) (Method, bool) {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return Method{}, false
	}
	params, results := sig.Params(), sig.Results()
	switch fn.Name() {
	case "BeginTx", "Begin":
		if results.Len() != 2 || !isError(results.At(1).Type()) || !txShaped(results.At(0).Type()) {
			return Method{}, false
		}
		x := m(LibShape, OpBegin, -1, -1)
		if fn.Name() == "BeginTx" && params.Len() == 2 && isContext(params.At(0).Type()) {
			x = x.opts(1)
		}
		return x, true
	case "Commit", "Rollback":
		if params.Len() != 0 || results.Len() != 1 || !isError(results.At(0).Type()) || !txShaped(sig.Recv().Type()) {
			return Method{}, false
		}
		if fn.Name() == "Commit" {
			return m(LibShape, OpCommit, -1, -1), true
		}
		return m(LibShape, OpRollback, -1, -1), true
	}
	return Method{}, false
}

// txShaped reports an interface type with Commit() error, Rollback() error
// and a query method of the shapes Shape recognizes.
func txShaped(t types.Type) bool {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	var commit, rollback, query bool
	for i := 0; i < iface.NumMethods(); i++ {
		f := iface.Method(i)
		sig := f.Type().(*types.Signature)
		switch f.Name() {
		case "Commit", "Rollback":
			if sig.Params().Len() == 0 && sig.Results().Len() == 1 && isError(sig.Results().At(0).Type()) {
				commit = commit || f.Name() == "Commit"
				rollback = rollback || f.Name() == "Rollback"
			}
		default:
			if !query {
				_, query = Shape(f)
			}
		}
	}
	return commit && rollback && query
}
