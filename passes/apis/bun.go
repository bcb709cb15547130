package apis

// BunPkg is github.com/uptrace/bun's import path.
const BunPkg = "github.com/uptrace/bun"

// BunQueries are bun's query types, by type name, with the statement each
// runs. Their methods mutate the query and return it, so the calls on one
// query value, not only its chain, build the statement.
var BunQueries = map[string]string{
	"SelectQuery": "select",
	"InsertQuery": "insert",
	"UpdateQuery": "update",
	"DeleteQuery": "delete",
}

// BunStarters are the methods of bun's handles (*DB, Tx, Conn, IDB) that
// start a query on the receiver.
var BunStarters = map[string]string{
	"NewSelect": "select", "NewInsert": "insert", "NewUpdate": "update", "NewDelete": "delete",
}

// BunHandles are the bun types whose NewSelect/NewInsert/... start a
// query that runs on them.
var BunHandles = map[string]bool{"DB": true, "Tx": true, "Conn": true, "IDB": true}

// BunMethods maps the query methods the model reads, by name, to what they
// add. Kind, for PartOptions, is the keyword (Ignore: INSERT IGNORE).
var BunMethods = map[string]BuilderMethod{
	"Model":               {Part: PartModel},
	"Table":               {Part: PartTableExpr},
	"TableExpr":           {Part: PartTableExpr},
	"ModelTableExpr":      {Part: PartTableExpr},
	"Column":              {Part: PartColumns},
	"Where":               {Part: PartWhere},
	"WhereOr":             {Part: PartUnknown, Kind: "OR"},
	"WhereGroup":          {Part: PartUnknown, Kind: "group"},
	"WherePK":             {Part: PartWherePK},
	"WhereDeleted":        {Part: PartKeep},
	"WhereAllWithDeleted": {Part: PartKeep},
	"Set":                 {Part: PartColumnExpr},
	"SetColumn":           {Part: PartSet},
	"Value":               {Part: PartKeep},
	"On":                  {Part: PartConflict},
	"Ignore":              {Part: PartOptions, Kind: "IGNORE"},
	"Replace":             {Part: PartOptions, Kind: "REPLACE"},
	"For":                 {Part: PartLock},
	"Returning":           {Part: PartReturning},
	"Limit":               {Part: PartKeep},
	"Offset":              {Part: PartKeep},
	"Order":               {Part: PartKeep},
	"OrderExpr":           {Part: PartKeep},
	"OrderBy":             {Part: PartKeep},
	"Group":               {Part: PartKeep},
	"Relation":            {Part: PartKeep},
	"Join":                {Part: PartKeep},
	"JoinOn":              {Part: PartKeep},
	"Distinct":            {Part: PartKeep},
	"OmitZero":            {Part: PartKeep},
	"ExcludeColumn":       {Part: PartUnknown},
	"ColumnExpr":          {Part: PartUnknown},
	"Bulk":                {Part: PartUnknown},
	"With":                {Part: PartUnknown},
	"Apply":               {Part: PartUnknown},
	"ForceDelete":         {Part: PartKeep},
}

// BunFinishers are the query methods that run the statement, with the
// result they return: Scan(ctx, dest...) error, Exec(ctx, dest...)
// (sql.Result, error), Count(ctx) (int, error), Exists(ctx) (bool, error).
var BunFinishers = map[string]Finisher{
	"Scan":         {Op: OpGet, Dest: 1, Variadic: true},
	"Exec":         {Op: OpExec, Dest: 1, Variadic: true},
	"Count":        {Op: OpQuery, Dest: -1},
	"Exists":       {Op: OpQuery, Dest: -1},
	"ScanAndCount": {Op: OpSelect, Dest: 1, Variadic: true},
}

// BunBaseModel is the type whose tag on an embedded field names a model's
// table: bun.BaseModel `bun:"table:users,alias:u"`.
const BunBaseModel = BunPkg + ".BaseModel"

func init() {
	// The handles' raw SQL methods take bun's ? placeholders; *DB's and
	// Tx's run on themselves, Tx's inside the transaction.
	for _, recv := range []string{"(*" + BunPkg + ".DB).", "(" + BunPkg + ".Tx).", "(" + BunPkg + ".Conn)."} {
		tx := recv == "("+BunPkg+".Tx)."
		set := func(name string, x Method) {
			if tx {
				x = x.tx()
			}
			add(recv+name, x)
		}
		set("ExecContext", m(LibBun, OpExec, 1, 2))
		set("QueryContext", m(LibBun, OpQuery, 1, 2))
		set("QueryRowContext", m(LibBun, OpQueryRow, 1, 2))
		set("BeginTx", m(LibBun, OpBegin, -1, -1).opts(1))
		set("RunInTx", m(LibBun, OpTxFunc, -1, -1).opts(1).fn(2).txArg(1))
		if recv == "(*"+BunPkg+".DB)." || tx {
			set("Exec", m(LibBun, OpExec, 0, 1))
			set("Query", m(LibBun, OpQuery, 0, 1))
			set("QueryRow", m(LibBun, OpQueryRow, 0, 1))
			set("Begin", m(LibBun, OpBegin, -1, -1))
		}
		if tx {
			set("Commit", m(LibBun, OpCommit, -1, -1))
			set("Rollback", m(LibBun, OpRollback, -1, -1))
		}
	}
	add("("+BunPkg+".IDB).RunInTx", m(LibBun, OpTxFunc, -1, -1).opts(1).fn(2).txArg(1))
	add("("+BunPkg+".IDB).BeginTx", m(LibBun, OpBegin, -1, -1).opts(1))
}
