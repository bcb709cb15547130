package apis

// GoquPkg is github.com/doug-martin/goqu/v9's import path; GoquExecPkg
// and GoquExpPkg are its executor and expression packages.
const (
	GoquPkg     = "github.com/doug-martin/goqu/v9"
	GoquExecPkg = GoquPkg + "/exec"
	GoquExpPkg  = GoquPkg + "/exp"
)

// GoquStarters are the functions and methods that start a dataset, by the
// receiver's type name ("" for goqu's package functions) and method name,
// with the statement's kind. Argument 0 is the table (Select: the
// columns). On *Database and *TxDatabase the dataset runs on the receiver;
// goqu.From and a DialectWrapper's are rendered with ToSQL and run by the
// caller.
var GoquStarters = map[string]map[string]string{
	"":               {"From": "select", "Select": "select", "Insert": "insert", "Update": "update", "Delete": "delete"},
	"DialectWrapper": {"From": "select", "Select": "select", "Insert": "insert", "Update": "update", "Delete": "delete"},
	"Database":       {"From": "select", "Select": "select", "Insert": "insert", "Update": "update", "Delete": "delete"},
	"TxDatabase":     {"From": "select", "Select": "select", "Insert": "insert", "Update": "update", "Delete": "delete"},
}

// GoquDatasets are goqu's dataset types; their methods in GoquMethods
// return the dataset refined (a new value: datasets are immutable).
var GoquDatasets = map[string]string{
	"SelectDataset": "select", "InsertDataset": "insert", "UpdateDataset": "update", "DeleteDataset": "delete",
}

// GoquMethods maps the dataset methods, by name, to what they add. Kind is
// the lock strength of PartLock ("update", "share", ...).
var GoquMethods = map[string]BuilderMethod{
	"From":           {Part: PartTable},
	"Into":           {Part: PartTable},
	"Table":          {Part: PartTable},
	"Select":         {Part: PartColumns},
	"SelectDistinct": {Part: PartColumns},
	"SelectAppend":   {Part: PartColumns},
	"Cols":           {Part: PartColumns},
	"ColsAppend":     {Part: PartColumns},
	"Where":          {Part: PartWhere},
	"Set":            {Part: PartSetMap},
	"Rows":           {Part: PartModel},
	"Vals":           {Part: PartValues},
	"OnConflict":     {Part: PartConflict},
	"Returning":      {Part: PartReturning},
	"ForUpdate":      {Part: PartLock, Kind: "UPDATE"},
	"ForNoKeyUpdate": {Part: PartLock, Kind: "NO KEY UPDATE"},
	"ForShare":       {Part: PartLock, Kind: "SHARE"},
	"ForKeyShare":    {Part: PartLock, Kind: "KEY SHARE"},
	"Limit":          {Part: PartLimit},
	"Executor":       {Part: PartKeep},
	"Prepared":       {Part: PartKeep},
	"WithDialect":    {Part: PartKeep},
	"Order":          {Part: PartKeep},
	"OrderAppend":    {Part: PartKeep},
	"OrderPrepend":   {Part: PartKeep},
	"Offset":         {Part: PartKeep},
	"GroupBy":        {Part: PartKeep},
	"Having":         {Part: PartKeep},
	"Distinct":       {Part: PartKeep},
	"LimitAll":       {Part: PartKeep},
	"As":             {Part: PartKeep},
	"Join":           {Part: PartJoin, Kind: "JOIN"},
	"InnerJoin":      {Part: PartJoin, Kind: "INNER JOIN"},
	"LeftJoin":       {Part: PartJoin, Kind: "LEFT JOIN"},
	"LeftOuterJoin":  {Part: PartJoin, Kind: "LEFT JOIN"},
	"RightJoin":      {Part: PartJoin, Kind: "RIGHT JOIN"},
	"FullJoin":       {Part: PartJoin, Kind: "FULL JOIN"},
	"ClearWhere":     {Part: PartUnknown},
	"ClearSelect":    {Part: PartUnknown},
	"FromQuery":      {Part: PartUnknown},
	"With":           {Part: PartUnknown},
	"Union":          {Part: PartUnknown},
}

// GoquFinisher describes a method of a dataset or of its Executor() that
// runs the statement: the database/sql Op it stands for, the destination
// argument (-1: none), and how it reports a found row: "bool" (found, err
// := ScanStruct(&u)), "len" (the slice filled), "count" (Count's int64).
type GoquFinisher struct {
	Op    Op
	Dest  int
	Found string
	// Count reports Count(): SELECT COUNT(*) of the dataset.
	Count bool
}

// GoquFinishers are the finishers of *SelectDataset and exec.QueryExecutor
// (the Executor() of every dataset).
var GoquFinishers = map[string]GoquFinisher{
	"ScanStruct":         {Op: OpGet, Dest: 0, Found: "bool"},
	"ScanStructContext":  {Op: OpGet, Dest: 1, Found: "bool"},
	"ScanVal":            {Op: OpGet, Dest: 0, Found: "bool"},
	"ScanValContext":     {Op: OpGet, Dest: 1, Found: "bool"},
	"ScanStructs":        {Op: OpSelect, Dest: 0, Found: "len"},
	"ScanStructsContext": {Op: OpSelect, Dest: 1, Found: "len"},
	"ScanVals":           {Op: OpSelect, Dest: 0, Found: "len"},
	"ScanValsContext":    {Op: OpSelect, Dest: 1, Found: "len"},
	"Pluck":              {Op: OpSelect, Dest: 0, Found: "len"},
	"PluckContext":       {Op: OpSelect, Dest: 1, Found: "len"},
	"Count":              {Op: OpGet, Dest: -1, Found: "count", Count: true},
	"CountContext":       {Op: OpGet, Dest: -1, Found: "count", Count: true},
	"Exec":               {Op: OpExec, Dest: -1},
	"ExecContext":        {Op: OpExec, Dest: -1},
	"Query":              {Op: OpQuery, Dest: -1},
	"QueryContext":       {Op: OpQuery, Dest: -1},
}

// GoquToSQL is the dataset (and executor) method returning (sql string,
// params []interface{}, err error).
const GoquToSQL = "ToSQL"

// GoquOps are the keys of goqu.Op{"gt": v}, with the SQL operator each
// renders.
var GoquOps = map[string]string{
	"eq": "=", "neq": "<>", "gt": ">", "gte": ">=", "lt": "<", "lte": "<=",
	"like": "LIKE", "notlike": "NOT LIKE", "ilike": "ILIKE", "notilike": "NOT ILIKE",
	"in": "IN", "notin": "NOT IN", "is": "IS", "isnot": "IS NOT",
}

// GoquComparisons are the methods of an identifier (goqu.C("email").Eq(e),
// goqu.I("t.id").In(ids)), with the SQL operator each renders.
var GoquComparisons = map[string]string{
	"Eq": "=", "Neq": "<>", "Gt": ">", "Gte": ">=", "Lt": "<", "Lte": "<=",
	"In": "IN", "NotIn": "NOT IN", "Like": "LIKE", "NotLike": "NOT LIKE", "ILike": "ILIKE", "NotILike": "NOT ILIKE",
	"IsNull": "IS NULL", "IsNotNull": "IS NOT NULL", "Is": "IS", "IsNot": "IS NOT",
}

// GoquTag is the struct tag key of goqu's own options (`goqu:"skipinsert,
// skipupdate"`); columns are named by the db tag.
const GoquTag = "goqu"

func init() {
	// *Database and *TxDatabase run SQL text as database/sql's methods
	// do; Begin returns the *TxDatabase whose datasets run inside it;
	// WithTx runs its callback inside a transaction, committed when it
	// returns nil.
	for _, recv := range []string{"Database", "TxDatabase"} {
		p := "(*" + GoquPkg + "." + recv + ")."
		set := func(name string, x Method) {
			if recv == "TxDatabase" {
				x = x.tx()
			}
			add(p+name, x)
		}
		set("Exec", m(LibGoqu, OpExec, 0, 1))
		set("ExecContext", m(LibGoqu, OpExec, 1, 2))
		set("Query", m(LibGoqu, OpQuery, 0, 1))
		set("QueryContext", m(LibGoqu, OpQuery, 1, 2))
		set("QueryRow", m(LibGoqu, OpQueryRow, 0, 1))
		set("QueryRowContext", m(LibGoqu, OpQueryRow, 1, 2))
		if recv == "TxDatabase" {
			set("Commit", m(LibGoqu, OpCommit, -1, -1))
			set("Rollback", m(LibGoqu, OpRollback, -1, -1))
		}
	}
	p := "(*" + GoquPkg + ".Database)."
	add(p+"Begin", m(LibGoqu, OpBegin, -1, -1))
	add(p+"BeginTx", m(LibGoqu, OpBegin, -1, -1).opts(1))
	add(p+"WithTx", m(LibGoqu, OpTxFunc, -1, -1).fn(0).txArg(0))
	SyncRunners[p+"WithTx"] = 0
}
