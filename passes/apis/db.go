package apis

import "strings"

// Lib identifies a database library.
type Lib uint8

const (
	LibNone      Lib = iota
	LibSQL           // database/sql
	LibPgx           // github.com/jackc/pgx/v5 and pgxpool
	LibSqlx          // github.com/jmoiron/sqlx
	LibGorm          // gorm.io/gorm
	LibScany         // github.com/georgysavva/scany/v2 (pgxscan, sqlscan)
	LibShape         // an interface recognized by its method shape (sqlc's DBTX, an application's Querier)
	LibSquirrel      // github.com/Masterminds/squirrel builders run with RunWith
	LibGormV1        // github.com/jinzhu/gorm (gorm v1)
	LibPgxV4         // github.com/jackc/pgx/v4 and pgxpool v4
	LibBun           // github.com/uptrace/bun queries and handles
	LibEnt           // entgo.io/ent generated clients
	LibDotsql        // github.com/qustavo/dotsql: statements named in .sql files
	LibXorm          // xorm.io/xorm sessions and engines
	LibPop           // github.com/gobuffalo/pop/v6 connections and queries
	LibGoqu          // github.com/doug-martin/goqu/v9 datasets and databases
	LibGorp          // github.com/go-gorp/gorp/v3 DbMap and Transaction
	LibZdb           // zgo.at/zdb package functions on the context's database
	LibRedis         // github.com/redis/go-redis commands (the pseudo-table "redis")
	LibDbx           // github.com/pocketbase/dbx queries
	LibSqlboiler     // github.com/volatiletech/sqlboiler/v4 generated models
)

var libNames = [...]string{"", "database/sql", "pgx", "sqlx", "gorm", "scany", "dbtx", "squirrel", "gorm v1", "pgx v4", "bun", "ent", "dotsql", "xorm", "pop", "goqu", "gorp", "zdb", "redis", "dbx", "sqlboiler"}

func (l Lib) String() string {
	if int(l) < len(libNames) {
		return libNames[l]
	}
	return "?"
}

// Op is what a database API call does.
type Op uint8

const (
	OpNone         Op = iota
	OpExec            // runs SQL; returns a result (sql.Result, pgconn.CommandTag) and an error
	OpQuery           // runs SQL; returns rows and an error
	OpQueryRow        // runs SQL; returns a row whose Scan reports the error (ErrNoRows)
	OpGet             // runs SQL and scans one row into Dest; returns the error (ErrNoRows)
	OpSelect          // runs SQL and scans all rows into the slice Dest; returns the error
	OpPrepare         // prepares SQL; returns a statement whose calls run it
	OpStmtExec        // a prepared statement's Exec
	OpStmtQuery       // a prepared statement's Query
	OpStmtQueryRow    // a prepared statement's QueryRow
	OpBegin           // starts a transaction; returns it
	OpCommit          // commits the receiver transaction
	OpRollback        // rolls back the receiver transaction
	OpTxFunc          // runs Func inside a transaction on Handle (pgx.BeginFunc, gorm Transaction)
	OpScan            // a row's or rows' Scan: the arguments are destinations
	OpNext            // rows.Next: reports whether a row is there
	OpRowsAffected    // reads the number of affected rows of a result
	OpRebind          // returns the SQL argument rewritten (sqlx Rebind, In): text passes through
	OpBatchQueue      // pgx Batch.Queue: SQL queued on a batch
	OpBatchSend       // sends a batch
	OpCollectOne      // pgx.CollectOneRow/CollectExactlyOneRow: one row of rows, ErrNoRows if none
	OpCollectRows     // pgx.CollectRows: every row of rows
	OpTxStmt          // tx.Stmt(stmt), sqlx Stmtx: the statement at SQL, rebound to the receiver transaction
	OpStmtSelect      // a prepared statement's Select: scans all rows into the slice Dest
)

// Method describes one database API function or method. Argument indexes
// count the call's arguments without the receiver; -1 means absent.
type Method struct {
	Lib Lib
	Op  Op
	SQL int // the SQL text argument
	// Args is the first bound argument. When Variadic is set it is the
	// variadic ...any slice; otherwise it is a single named argument (sqlx
	// NamedExec's struct or map).
	Args     int
	Variadic bool
	Dest     int // the destination of Get/Select/Scan-like calls
	Opts     int // transaction options (*sql.TxOptions, pgx.TxOptions)
	Func     int // the callback of OpTxFunc
	// TxArg is the callback's parameter that receives the transaction (0
	// for pgx.BeginFunc's func(pgx.Tx) error; 1 for bun's RunInTx,
	// func(ctx context.Context, tx bun.Tx) error).
	TxArg  int
	Handle int // the database handle when it is an argument (pgx.BeginFunc(ctx, db, fn)); -1: the receiver
	// Tx reports a method whose receiver is a transaction (database/sql Tx,
	// pgx.Tx, sqlx Tx); calls on it run inside that transaction.
	Tx bool
	// ByName reports that the SQL argument is not text but the name of a
	// statement in the module's named SQL files (dotsql's
	// dot.Exec(db, "create-user", ...)).
	ByName bool
	// CountResult reports an Exec whose first result is the number of
	// rows it affected (zdb's NumRows).
	CountResult bool
	// InPlace reports a Begin that makes its receiver the transaction
	// rather than returning one (xorm's Session.Begin() error): the calls
	// on the receiver after it run inside the transaction.
	InPlace bool
}

func m(lib Lib, op Op, sql, args int) Method {
	return Method{Lib: lib, Op: op, SQL: sql, Args: args, Variadic: args >= 0, Dest: -1, Opts: -1, Func: -1, Handle: -1}
}

func (x Method) dest(i int) Method   { x.Dest = i; return x }
func (x Method) opts(i int) Method   { x.Opts = i; return x }
func (x Method) fn(i int) Method     { x.Func = i; return x }
func (x Method) txArg(i int) Method  { x.TxArg = i; return x }
func (x Method) handle(i int) Method { x.Handle = i; return x }
func (x Method) named() Method       { x.Variadic = false; return x }
func (x Method) tx() Method          { x.Tx = true; return x }
func (x Method) byName() Method      { x.ByName = true; return x }
func (x Method) inPlace() Method     { x.InPlace = true; return x }
func (x Method) countResult() Method { x.CountResult = true; return x }

const (
	sqlPkg   = "database/sql"
	pgxPkg   = "github.com/jackc/pgx/v5"
	poolPkg  = "github.com/jackc/pgx/v5/pgxpool"
	connPkg  = "github.com/jackc/pgx/v5/pgconn"
	sqlxPkg  = "github.com/jmoiron/sqlx"
	gormPkg  = "gorm.io/gorm"
	scanyPgx = "github.com/georgysavva/scany/v2/pgxscan"
	scanySQL = "github.com/georgysavva/scany/v2/sqlscan"
)

// Methods maps the full name of each recognized database function or method
// to what it does.
var Methods = map[string]Method{}

func add(name string, x Method) {
	if _, dup := Methods[name]; dup {
		panic("apis: duplicate " + name)
	}
	Methods[name] = x
}

func init() {
	// database/sql: DB, Conn and Tx share the query methods; Stmt runs the
	// text it was prepared with.
	for _, recv := range []string{"DB", "Conn", "Tx"} {
		p := "(*" + sqlPkg + "." + recv + ")."
		tx := recv == "Tx"
		set := func(name string, x Method) {
			if tx {
				x = x.tx()
			}
			add(p+name, x)
		}
		set("ExecContext", m(LibSQL, OpExec, 1, 2))
		set("QueryContext", m(LibSQL, OpQuery, 1, 2))
		set("QueryRowContext", m(LibSQL, OpQueryRow, 1, 2))
		set("PrepareContext", m(LibSQL, OpPrepare, 1, -1))
		if recv != "Conn" {
			set("Exec", m(LibSQL, OpExec, 0, 1))
			set("Query", m(LibSQL, OpQuery, 0, 1))
			set("QueryRow", m(LibSQL, OpQueryRow, 0, 1))
			set("Prepare", m(LibSQL, OpPrepare, 0, -1))
		}
		if recv == "Tx" {
			set("Commit", m(LibSQL, OpCommit, -1, -1))
			set("Rollback", m(LibSQL, OpRollback, -1, -1))
			set("Stmt", m(LibSQL, OpTxStmt, 0, -1))
			set("StmtContext", m(LibSQL, OpTxStmt, 1, -1))
		} else {
			set("BeginTx", m(LibSQL, OpBegin, -1, -1).opts(1))
		}
	}
	add("(*"+sqlPkg+".DB).Begin", m(LibSQL, OpBegin, -1, -1))
	for _, name := range []string{"Exec", "ExecContext"} {
		add("(*"+sqlPkg+".Stmt)."+name, m(LibSQL, OpStmtExec, -1, argAfterCtx(name)))
	}
	for _, name := range []string{"Query", "QueryContext"} {
		add("(*"+sqlPkg+".Stmt)."+name, m(LibSQL, OpStmtQuery, -1, argAfterCtx(name)))
	}
	for _, name := range []string{"QueryRow", "QueryRowContext"} {
		add("(*"+sqlPkg+".Stmt)."+name, m(LibSQL, OpStmtQueryRow, -1, argAfterCtx(name)))
	}
	add("(*"+sqlPkg+".Row).Scan", m(LibSQL, OpScan, -1, -1).dest(0))
	add("(*"+sqlPkg+".Rows).Scan", m(LibSQL, OpScan, -1, -1).dest(0))
	add("(*"+sqlPkg+".Rows).Next", m(LibSQL, OpNext, -1, -1))
	add("("+sqlPkg+".Result).RowsAffected", m(LibSQL, OpRowsAffected, -1, -1))

	// pgx v5: Conn, pgxpool.Pool and pgxpool.Conn are concrete; Tx, Row and
	// Rows are interfaces.
	for _, recv := range []string{"(*" + pgxPkg + ".Conn).", "(*" + poolPkg + ".Pool).", "(*" + poolPkg + ".Conn).", "(" + pgxPkg + ".Tx)."} {
		tx := recv == "("+pgxPkg+".Tx)."
		set := func(name string, x Method) {
			if tx {
				x = x.tx()
			}
			add(recv+name, x)
		}
		set("Exec", m(LibPgx, OpExec, 1, 2))
		set("Query", m(LibPgx, OpQuery, 1, 2))
		set("QueryRow", m(LibPgx, OpQueryRow, 1, 2))
		set("SendBatch", m(LibPgx, OpBatchSend, -1, -1))
		set("Begin", m(LibPgx, OpBegin, -1, -1))
		if tx {
			set("Commit", m(LibPgx, OpCommit, -1, -1))
			set("Rollback", m(LibPgx, OpRollback, -1, -1))
		} else {
			set("BeginTx", m(LibPgx, OpBegin, -1, -1).opts(1))
		}
	}
	add("(*"+pgxPkg+".Conn).Prepare", m(LibPgx, OpPrepare, 2, -1))
	add("("+pgxPkg+".Tx).Prepare", m(LibPgx, OpPrepare, 2, -1).tx())
	add(pgxPkg+".BeginFunc", m(LibPgx, OpTxFunc, -1, -1).handle(1).fn(2))
	add(pgxPkg+".BeginTxFunc", m(LibPgx, OpTxFunc, -1, -1).handle(1).opts(2).fn(3))
	add("("+pgxPkg+".Row).Scan", m(LibPgx, OpScan, -1, -1).dest(0))
	add("("+pgxPkg+".Rows).Scan", m(LibPgx, OpScan, -1, -1).dest(0))
	add("("+pgxPkg+".Rows).Next", m(LibPgx, OpNext, -1, -1))
	add("("+connPkg+".CommandTag).RowsAffected", m(LibPgx, OpRowsAffected, -1, -1))
	add("(*"+pgxPkg+".Batch).Queue", m(LibPgx, OpBatchQueue, 0, 1))
	add(pgxPkg+".CollectOneRow", m(LibPgx, OpCollectOne, -1, -1))
	add(pgxPkg+".CollectExactlyOneRow", m(LibPgx, OpCollectOne, -1, -1))
	add(pgxPkg+".CollectRows", m(LibPgx, OpCollectRows, -1, -1))

	// sqlx: DB and Tx add their own methods to the embedded database/sql
	// ones, which keep their database/sql names.
	for _, recv := range []string{"DB", "Tx", "Conn"} {
		p := "(*" + sqlxPkg + "." + recv + ")."
		tx := recv == "Tx"
		set := func(name string, x Method) {
			if tx {
				x = x.tx()
			}
			add(p+name, x)
		}
		set("GetContext", m(LibSqlx, OpGet, 2, 3).dest(1))
		set("SelectContext", m(LibSqlx, OpSelect, 2, 3).dest(1))
		set("QueryxContext", m(LibSqlx, OpQuery, 1, 2))
		set("QueryRowxContext", m(LibSqlx, OpQueryRow, 1, 2))
		set("PreparexContext", m(LibSqlx, OpPrepare, 1, -1))
		set("Rebind", m(LibSqlx, OpRebind, 0, -1))
		if recv == "Conn" {
			set("BeginTxx", m(LibSqlx, OpBegin, -1, -1).opts(1))
			continue
		}
		set("Get", m(LibSqlx, OpGet, 1, 2).dest(0))
		set("Select", m(LibSqlx, OpSelect, 1, 2).dest(0))
		set("Queryx", m(LibSqlx, OpQuery, 0, 1))
		set("QueryRowx", m(LibSqlx, OpQueryRow, 0, 1))
		set("MustExec", m(LibSqlx, OpExec, 0, 1))
		set("MustExecContext", m(LibSqlx, OpExec, 1, 2))
		set("NamedExec", m(LibSqlx, OpExec, 0, 1).named())
		set("NamedExecContext", m(LibSqlx, OpExec, 1, 2).named())
		set("NamedQuery", m(LibSqlx, OpQuery, 0, 1).named())
		set("Preparex", m(LibSqlx, OpPrepare, 0, -1))
		set("PrepareNamed", m(LibSqlx, OpPrepare, 0, -1))
		set("PrepareNamedContext", m(LibSqlx, OpPrepare, 1, -1))
		if recv == "DB" {
			set("NamedQueryContext", m(LibSqlx, OpQuery, 1, 2).named())
			set("Beginx", m(LibSqlx, OpBegin, -1, -1))
			set("MustBegin", m(LibSqlx, OpBegin, -1, -1))
			set("BeginTxx", m(LibSqlx, OpBegin, -1, -1).opts(1))
			set("MustBeginTx", m(LibSqlx, OpBegin, -1, -1).opts(1))
		}
	}
	add("(*"+sqlxPkg+".Tx).Stmtx", m(LibSqlx, OpTxStmt, 0, -1).tx())
	add("(*"+sqlxPkg+".Tx).StmtxContext", m(LibSqlx, OpTxStmt, 1, -1).tx())
	add("(*"+sqlxPkg+".Tx).NamedStmt", m(LibSqlx, OpTxStmt, 0, -1).tx())
	add("(*"+sqlxPkg+".Tx).NamedStmtContext", m(LibSqlx, OpTxStmt, 1, -1).tx())
	add(sqlxPkg+".Get", m(LibSqlx, OpGet, 2, 3).dest(1).handle(0))
	add(sqlxPkg+".Select", m(LibSqlx, OpSelect, 2, 3).dest(1).handle(0))
	add(sqlxPkg+".GetContext", m(LibSqlx, OpGet, 3, 4).dest(2).handle(1))
	add(sqlxPkg+".SelectContext", m(LibSqlx, OpSelect, 3, 4).dest(2).handle(1))
	add(sqlxPkg+".MustExec", m(LibSqlx, OpExec, 1, 2).handle(0))
	add(sqlxPkg+".MustExecContext", m(LibSqlx, OpExec, 2, 3).handle(1))
	add(sqlxPkg+".NamedExec", m(LibSqlx, OpExec, 1, 2).named().handle(0))
	add(sqlxPkg+".NamedQuery", m(LibSqlx, OpQuery, 1, 2).named().handle(0))
	add(sqlxPkg+".Rebind", m(LibSqlx, OpRebind, 1, -1))
	add(sqlxPkg+".In", m(LibSqlx, OpRebind, 0, 1))
	// The named rewrites: the text with its :name parameters made
	// placeholders, and the arguments the named struct or map gives them,
	// in order (q, args, err := db.BindNamed(insertUser, u); db.ExecContext(ctx, q, args...)).
	// Through sqlx's unexported binder, which ExtContext embeds, an
	// application's accessor interface reaches them too.
	add("(*"+sqlxPkg+".DB).BindNamed", m(LibSqlx, OpRebind, 0, 1).named())
	add("(*"+sqlxPkg+".Tx).BindNamed", m(LibSqlx, OpRebind, 0, 1).named())
	add("("+sqlxPkg+".binder).BindNamed", m(LibSqlx, OpRebind, 0, 1).named())
	add("("+sqlxPkg+".binder).Rebind", m(LibSqlx, OpRebind, 0, -1))
	add(sqlxPkg+".Named", m(LibSqlx, OpRebind, 0, 1).named())
	add(sqlxPkg+".BindNamed", m(LibSqlx, OpRebind, 1, 2).named())
	add("(*"+sqlxPkg+".Row).Scan", m(LibSqlx, OpScan, -1, -1).dest(0))
	add("(*"+sqlxPkg+".Row).StructScan", m(LibSqlx, OpScan, -1, -1).dest(0))
	add("(*"+sqlxPkg+".Rows).StructScan", m(LibSqlx, OpScan, -1, -1).dest(0))
	for _, name := range []string{"Exec", "ExecContext"} {
		add("(*"+sqlxPkg+".NamedStmt)."+name, m(LibSqlx, OpStmtExec, -1, argAfterCtx(name)).named())
	}
	for _, name := range []string{"Get", "GetContext"} {
		add("(*"+sqlxPkg+".Stmt)."+name, m(LibSqlx, OpStmtQueryRow, -1, argAfterCtx(name)+1).dest(argAfterCtx(name)))
		add("(*"+sqlxPkg+".NamedStmt)."+name, m(LibSqlx, OpStmtQueryRow, -1, argAfterCtx(name)+1).dest(argAfterCtx(name)).named())
	}
	for _, name := range []string{"Select", "SelectContext"} {
		add("(*"+sqlxPkg+".Stmt)."+name, m(LibSqlx, OpStmtSelect, -1, argAfterCtx(name)+1).dest(argAfterCtx(name)))
		add("(*"+sqlxPkg+".NamedStmt)."+name, m(LibSqlx, OpStmtSelect, -1, argAfterCtx(name)+1).dest(argAfterCtx(name)).named())
	}
	// NamedStmt's own Query and QueryRow take the one named argument.
	for _, name := range []string{"Query", "QueryContext", "Queryx", "QueryxContext"} {
		add("(*"+sqlxPkg+".NamedStmt)."+name, m(LibSqlx, OpStmtQuery, -1, argAfterCtx(name)).named())
	}
	for _, name := range []string{"QueryRow", "QueryRowContext", "QueryRowx", "QueryRowxContext"} {
		add("(*"+sqlxPkg+".NamedStmt)."+name, m(LibSqlx, OpStmtQueryRow, -1, argAfterCtx(name)).named())
	}
	for _, name := range []string{"MustExec", "MustExecContext"} {
		add("(*"+sqlxPkg+".NamedStmt)."+name, m(LibSqlx, OpStmtExec, -1, argAfterCtx(name)).named())
	}

	// scany v2: package functions taking the handle first.
	for _, p := range []string{scanyPgx, scanySQL} {
		add(p+".Get", m(LibScany, OpGet, 3, 4).dest(2).handle(1))
		add(p+".Select", m(LibScany, OpSelect, 3, 4).dest(2).handle(1))
	}
}

func argAfterCtx(name string) int {
	if len(name) > 7 && name[len(name)-7:] == "Context" {
		return 1
	}
	return 0
}

// DBPackages are the import paths whose presence means a package may talk
// to a database.
var DBPackages = []string{
	"database/sql", "github.com/jackc/pgx/v5", "github.com/jmoiron/sqlx", "gorm.io/gorm",
	"github.com/georgysavva/scany/v2", "github.com/redis/go-redis/v9",
	SquirrelPkg, GormV1Pkg, PgxV4Pkg, BunPkg, DotsqlPkg, DotsqlOldPkg, XormPkg, PopPkg, GoquPkg, GorpPkg, ZdbPkg, DbxPkg,
}

// DBPackage reports whether path is one of the database libraries'
// packages or below one.
func DBPackage(path string) bool {
	path = Canonical(path)
	for _, p := range DBPackages {
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
}
