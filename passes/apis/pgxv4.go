package apis

// pgx v4 (github.com/jackc/pgx/v4, pgxpool v4, and the separate
// github.com/jackc/pgconn module): the query methods of v5 with v4's
// paths, and the BeginFunc/BeginTxFunc methods v4 has in place of v5's
// package functions.
const (
	PgxV4Pkg     = "github.com/jackc/pgx/v4"
	pgxV4PoolPkg = "github.com/jackc/pgx/v4/pgxpool"
	pgconnV4Pkg  = "github.com/jackc/pgconn"
	// PgxV4NoRows is v4's "no rows" error.
	PgxV4NoRows = PgxV4Pkg + ".ErrNoRows"
)

func init() {
	for _, recv := range []string{"(*" + PgxV4Pkg + ".Conn).", "(*" + pgxV4PoolPkg + ".Pool).", "(*" + pgxV4PoolPkg + ".Conn).", "(" + PgxV4Pkg + ".Tx)."} {
		tx := recv == "("+PgxV4Pkg+".Tx)."
		set := func(name string, x Method) {
			if tx {
				x = x.tx()
			}
			add(recv+name, x)
		}
		set("Exec", m(LibPgxV4, OpExec, 1, 2))
		set("Query", m(LibPgxV4, OpQuery, 1, 2))
		set("QueryRow", m(LibPgxV4, OpQueryRow, 1, 2))
		set("SendBatch", m(LibPgxV4, OpBatchSend, -1, -1))
		set("Begin", m(LibPgxV4, OpBegin, -1, -1))
		set("BeginFunc", m(LibPgxV4, OpTxFunc, -1, -1).fn(1))
		if tx {
			set("Commit", m(LibPgxV4, OpCommit, -1, -1))
			set("Rollback", m(LibPgxV4, OpRollback, -1, -1))
		} else {
			set("BeginTx", m(LibPgxV4, OpBegin, -1, -1).opts(1))
			set("BeginTxFunc", m(LibPgxV4, OpTxFunc, -1, -1).opts(1).fn(2))
		}
	}
	add("(*"+PgxV4Pkg+".Conn).Prepare", m(LibPgxV4, OpPrepare, 2, -1))
	add("("+PgxV4Pkg+".Tx).Prepare", m(LibPgxV4, OpPrepare, 2, -1).tx())
	add("("+PgxV4Pkg+".Row).Scan", m(LibPgxV4, OpScan, -1, -1).dest(0))
	add("("+PgxV4Pkg+".Rows).Scan", m(LibPgxV4, OpScan, -1, -1).dest(0))
	add("("+PgxV4Pkg+".Rows).Next", m(LibPgxV4, OpNext, -1, -1))
	add("("+pgconnV4Pkg+".CommandTag).RowsAffected", m(LibPgxV4, OpRowsAffected, -1, -1))
	add("(*"+PgxV4Pkg+".Batch).Queue", m(LibPgxV4, OpBatchQueue, 0, 1))
	NotFoundErrors[PgxV4NoRows] = true
	IsolationSerializable[PgxV4Pkg+".Serializable"] = true
	rowTypes[pgconnV4Pkg+".CommandTag"] = OpExec
	rowTypes[PgxV4Pkg+".Rows"] = OpQuery
	rowTypes[PgxV4Pkg+".Row"] = OpQueryRow
}
