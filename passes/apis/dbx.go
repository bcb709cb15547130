package apis

// DbxPkg is pocketbase/dbx's import path. A handle (DB, Tx, or the
// Builder interface both embed) makes a Query of SQL text with named
// placeholders {:name}; the Query's chain binds the values and the
// context, and its last call runs it:
//
//	db.NewQuery("DELETE FROM plugin WHERE user_id = {:id}").Bind(dbx.Params{"id": id}).Execute()
//	db.NewQuery(q).Bind(params).WithContext(ctx).One(&row)
//	db.Transactional(func(tx *dbx.Tx) error { ... })
//
// NewQuery reads as a Prepare, and the running calls as the statement's:
// a Query is a statement made once and run where it is used. Not
// assembled: dbx's own builders (Select().From().Where(dbx.HashExp{}),
// Insert/Update/Delete of a Params map, ModelQuery).
const DbxPkg = "github.com/pocketbase/dbx"

// DbxQueryChain are the Query methods that return the query they are
// called on, with the index of the argument binding its named values
// (Bind's dbx.Params), or -1.
var DbxQueryChain = map[string]int{
	"(*" + DbxPkg + ".Query).Bind":         0,
	"(*" + DbxPkg + ".Query).WithContext":  -1,
	"(*" + DbxPkg + ".Query).Prepare":      -1,
	"(*" + DbxPkg + ".Query).WithExecHook": -1,
	"(*" + DbxPkg + ".Query).WithOneHook":  -1,
	"(*" + DbxPkg + ".Query).WithAllHook":  -1,
}

func init() {
	for _, recv := range []string{"(" + DbxPkg + ".Builder).", "(*" + DbxPkg + ".BaseBuilder)."} {
		add(recv+"NewQuery", m(LibDbx, OpPrepare, 0, -1))
	}
	q := "(*" + DbxPkg + ".Query)."
	add(q+"Execute", m(LibDbx, OpStmtExec, -1, -1))
	add(q+"One", m(LibDbx, OpStmtQueryRow, -1, -1).dest(0))
	add(q+"Row", m(LibDbx, OpStmtQueryRow, -1, -1).dest(0))
	add(q+"All", m(LibDbx, OpStmtSelect, -1, -1).dest(0))
	add(q+"Column", m(LibDbx, OpStmtSelect, -1, -1).dest(0))
	add(q+"Rows", m(LibDbx, OpStmtQuery, -1, -1))
	add("(*"+DbxPkg+".Rows).ScanStruct", m(LibDbx, OpScan, -1, -1).dest(0))
	add("(*"+DbxPkg+".Rows).ScanMap", m(LibDbx, OpScan, -1, -1).dest(0))
	d := "(*" + DbxPkg + ".DB)."
	add(d+"Begin", m(LibDbx, OpBegin, -1, -1))
	add(d+"BeginTx", m(LibDbx, OpBegin, -1, -1).opts(1))
	add(d+"Transactional", m(LibDbx, OpTxFunc, -1, -1).fn(0))
	add(d+"TransactionalContext", m(LibDbx, OpTxFunc, -1, -1).opts(1).fn(2))
	add("(*"+DbxPkg+".Tx).Commit", m(LibDbx, OpCommit, -1, -1).tx())
	add("(*"+DbxPkg+".Tx).Rollback", m(LibDbx, OpRollback, -1, -1).tx())
}
