package apis

// ZdbPkg is zgo.at/zdb's import path. Its package functions take the
// database from the context (zdb.WithDB puts it there; zdb.TX's callback
// gets a context carrying the transaction) and run SQL text with its
// arguments:
//
//	zdb.Get(ctx, &s, `select * from sites where code = ?`, code)
//	zdb.Exec(ctx, `update sites set state = ? where site_id = ?`, st, id)
//	n, err := zdb.NumRows(ctx, `update ... where ... and state = ?`, ...)
//	zdb.TX(ctx, func(ctx context.Context) error { ... })
//
// The context is the handle. A "load:name" text is the statement the
// program's file <name>.sql or <name>.gotxt holds (dbcall reads the
// module's files), its {{...}} conditions and template actions unknown.
const ZdbPkg = "zgo.at/zdb"

func init() {
	add(ZdbPkg+".Exec", m(LibZdb, OpExec, 1, 2).handle(0))
	add(ZdbPkg+".NumRows", m(LibZdb, OpExec, 1, 2).handle(0).countResult())
	add(ZdbPkg+".InsertID", m(LibZdb, OpExec, 2, 3).handle(0))
	add(ZdbPkg+".Get", m(LibZdb, OpGet, 2, 3).dest(1).handle(0))
	add(ZdbPkg+".Select", m(LibZdb, OpSelect, 2, 3).dest(1).handle(0))
	add(ZdbPkg+".Query", m(LibZdb, OpQuery, 1, 2).handle(0))
	add(ZdbPkg+".TX", m(LibZdb, OpTxFunc, -1, -1).handle(0).fn(1).txArg(0))
	// The DB interface: the same, as methods taking the context first.
	p := "(" + ZdbPkg + ".DB)."
	add(p+"Exec", m(LibZdb, OpExec, 1, 2))
	add(p+"NumRows", m(LibZdb, OpExec, 1, 2).countResult())
	add(p+"InsertID", m(LibZdb, OpExec, 2, 3))
	add(p+"Get", m(LibZdb, OpGet, 2, 3).dest(1))
	add(p+"Select", m(LibZdb, OpSelect, 2, 3).dest(1))
	add(p+"Query", m(LibZdb, OpQuery, 1, 2))
	add(p+"TX", m(LibZdb, OpTxFunc, -1, -1).fn(1).txArg(0))
	add("(*"+ZdbPkg+".Rows).Scan", m(LibZdb, OpScan, -1, -1).dest(0))
	add("(*"+ZdbPkg+".Rows).Next", m(LibZdb, OpNext, -1, -1))
	NotFoundPredicates[ZdbPkg+".ErrNoRows"] = true
	UniqueViolationPredicates[ZdbPkg+".ErrUnique"] = true
}

// ZdbModelWrites are zdb's writes of a model, a Tabler (Table() string)
// whose fields carry db tags (`db:"site_id,id"`, `,noinsert`,
// `,readonly`, "-"): the statement the library builds from it.
//
//	zdb.Insert(ctx, s)                     INSERT INTO <s.Table()> (every column) VALUES (...)
//	zdb.Update(ctx, s, "code", "state")    UPDATE <s.Table()> SET code = ?, state = ? WHERE <the ,id column> = ?
//	zdb.Update(ctx, s, zdb.UpdateAll)      every column but the readonly ones
var ZdbModelWrites = map[string]string{
	ZdbPkg + ".Insert": "insert",
	ZdbPkg + ".Update": "update",
}

// Zdb's other names the model reads.
const (
	ZdbUpdateAll   = ZdbPkg + ".UpdateAll" // the column list meaning every column
	ZdbTableMethod = "Table"               // Tabler's method naming the table
)
