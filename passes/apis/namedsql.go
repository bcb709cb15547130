package apis

// Named SQL files: statements kept in .sql files under a name, loaded at run
// time and run by that name.
//
//	-- name: find-user
//	SELECT id, email FROM users WHERE email = $1;
//
// Both libraries below read the same `-- name: x` blocks; dbcall reads the
// module's .sql files (see dbcall's namedsql.go) and runs each use as the
// statement its name holds.
const (
	// DotsqlPkg is github.com/qustavo/dotsql: dot.Exec(db, "name", args...)
	// runs the statement named "name" on db.
	DotsqlPkg = "github.com/qustavo/dotsql"
	// DotsqlOldPkg is dotsql's import path before its move (v1.0.0 and
	// earlier, still required by services), with the same API.
	DotsqlOldPkg = "github.com/gchaincl/dotsql"
	// NamedQueryTag is the struct tag with which goyesql binds a statement
	// to a field (knadh/goyesql's ScanToStruct, and goyesql/sqlx's, fill
	// string, *sql.Stmt, *sqlx.Stmt and *sqlx.NamedStmt fields tagged
	// `query:"name"` with the statement, prepared for the Stmt types):
	//
	//	type Queries struct {
	//		GetUser *sqlx.Stmt `query:"get-user"`
	//	}
	NamedQueryTag = "query"
)

func init() {
	// DotSql's methods take the handle first (after the context) and the
	// statement's name second; QueryRow returns (*sql.Row, error).
	for _, pkg := range []string{DotsqlPkg, DotsqlOldPkg} {
		addDotsql("(" + pkg + ".DotSql).")
	}
	// sqlx.Stmt's own methods beyond Get (goyesql/sqlx prepares *sqlx.Stmt
	// fields); its Exec, Query and QueryRow are database/sql's, promoted.
	add("(*"+sqlxPkg+".Stmt).QueryRowx", m(LibSqlx, OpStmtQueryRow, -1, 0))
	add("(*"+sqlxPkg+".Stmt).QueryRowxContext", m(LibSqlx, OpStmtQueryRow, -1, 1))
	add("(*"+sqlxPkg+".Stmt).Queryx", m(LibSqlx, OpStmtQuery, -1, 0))
	add("(*"+sqlxPkg+".Stmt).QueryxContext", m(LibSqlx, OpStmtQuery, -1, 1))
	add("(*"+sqlxPkg+".Stmt).MustExec", m(LibSqlx, OpStmtExec, -1, 0))
	add("(*"+sqlxPkg+".Stmt).MustExecContext", m(LibSqlx, OpStmtExec, -1, 1))
}

// DotsqlRaw reports DotSql's Raw, which returns the text of the named
// statement for the application to run itself
// (pool.Query(ctx, query) after query, err := dot.Raw("get-users")).
func DotsqlRaw(fullName string) bool {
	for _, pkg := range []string{DotsqlPkg, DotsqlOldPkg} {
		if fullName == "("+pkg+".DotSql).Raw" || fullName == "(*"+pkg+".DotSql).Raw" {
			return true
		}
	}
	return false
}

// addDotsql adds the methods of DotSql, whose full names start with d.
func addDotsql(d string) {
	for _, name := range []string{"Exec", "ExecContext"} {
		c := argAfterCtx(name)
		add(d+name, m(LibDotsql, OpExec, c+1, c+2).handle(c).byName())
	}
	for _, name := range []string{"Query", "QueryContext"} {
		c := argAfterCtx(name)
		add(d+name, m(LibDotsql, OpQuery, c+1, c+2).handle(c).byName())
	}
	for _, name := range []string{"QueryRow", "QueryRowContext"} {
		c := argAfterCtx(name)
		add(d+name, m(LibDotsql, OpQueryRow, c+1, c+2).handle(c).byName())
	}
	for _, name := range []string{"Prepare", "PrepareContext"} {
		c := argAfterCtx(name)
		add(d+name, m(LibDotsql, OpPrepare, c+1, -1).handle(c).byName())
	}
}
