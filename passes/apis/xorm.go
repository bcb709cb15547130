package apis

// XormPkg is xorm.io/xorm's import path.
const XormPkg = "xorm.io/xorm"

// XormHandles are xorm's types whose methods start or refine a session:
// *Engine and *EngineGroup start a new one on each call, *Session refines
// itself (its methods change the session in place and return it), and the
// Interface and EngineInterface interfaces stand for any of them.
var XormHandles = map[string]bool{"Engine": true, "EngineGroup": true, "Session": true, "Interface": true, "EngineInterface": true}

// XormMethods maps the session methods the model reads, by name, to what
// they add to the statement the next finisher runs. Kind is the SQL for
// PartColumnExpr (Incr: "+", Decr: "-", SetExpr: "") and PartUnknown
// predicates ("OR", "NOT IN").
var XormMethods = map[string]BuilderMethod{
	"Table":           {Part: PartTable},
	"Where":           {Part: PartWhere},
	"And":             {Part: PartWhere},
	"Or":              {Part: PartUnknown, Kind: "OR"},
	"In":              {Part: PartWhereExpr, Kind: "IN"},
	"NotIn":           {Part: PartUnknown, Kind: "NOT IN"},
	"ID":              {Part: PartWherePK},
	"Cols":            {Part: PartColumns},
	"MustCols":        {Part: PartColumns, Kind: "must"},
	"Select":          {Part: PartColumns, Kind: "select"},
	"AllCols":         {Part: PartKeep, Kind: "all"},
	"Omit":            {Part: PartKeep, Kind: "omit"},
	"Incr":            {Part: PartColumnExpr, Kind: "+"},
	"Decr":            {Part: PartColumnExpr, Kind: "-"},
	"SetExpr":         {Part: PartColumnExpr},
	"ForUpdate":       {Part: PartLock},
	"SQL":             {Part: PartStatement},
	"NoAutoCondition": {Part: PartKeep, Kind: "noauto"},
	"NoVersionCheck":  {Part: PartKeep, Kind: "noversion"},
	"Context":         {Part: PartKeep},
	"Limit":           {Part: PartKeep, Kind: "limit"},
	"OrderBy":         {Part: PartKeep, Kind: "order"},
	"Asc":             {Part: PartKeep, Kind: "orderasc"},
	"Desc":            {Part: PartKeep, Kind: "orderdesc"},
	"GroupBy":         {Part: PartKeep},
	"Having":          {Part: PartKeep},
	"Distinct":        {Part: PartKeep},
	"Alias":           {Part: PartKeep},
	"NoAutoTime":      {Part: PartKeep},
	"NoCache":         {Part: PartKeep},
	"NoCascade":       {Part: PartKeep},
	"Cascade":         {Part: PartKeep},
	"Unscoped":        {Part: PartKeep, Kind: "unscoped"},
	"UseBool":         {Part: PartKeep},
	"Nullable":        {Part: PartKeep},
	"Prepare":         {Part: PartKeep},
	"BufferSize":      {Part: PartKeep},
	"Charset":         {Part: PartKeep},
	"StoreEngine":     {Part: PartKeep},
	"Before":          {Part: PartKeep},
	"After":           {Part: PartKeep},
	"Join":            {Part: PartJoin},
	"IndexHint":       {Part: PartKeep},
}

// XormFinishers are the session methods that run the statement, with its
// kind ("select", "count", "exists", "sum", "insert", "update", "delete", "raw")
// and what they return:
//
//	Get(beans ...interface{}) (bool, error)          has: a row matched
//	Find(rowsSlicePtr, condiBean ...interface{}) error
//	Exist(bean ...interface{}) (bool, error)
//	Count(bean ...interface{}) (int64, error)
//	Insert(beans ...interface{}) (int64, error)      affected rows
//	Update(bean, condiBean ...interface{}) (int64, error)
//	Delete(beans ...interface{}) (int64, error)
//	Exec(sqlOrArgs ...interface{}) (sql.Result, error)
//	Sum(bean interface{}, columnName string) (float64, error)   and SumInt: the column's sum
//	Sums(bean interface{}, columnNames ...string) ([]float64, error)
var XormFinishers = map[string]string{
	"Get":            "select",
	"Find":           "select",
	"FindAndCount":   "select",
	"Iterate":        "select",
	"Rows":           "select",
	"Exist":          "exists",
	"Count":          "count",
	"Sum":            "sum",
	"SumInt":         "sum",
	"Sums":           "sum",
	"SumsInt":        "sum",
	"Insert":         "insert",
	"InsertOne":      "insert",
	"InsertMulti":    "insert",
	"Update":         "update",
	"Delete":         "delete",
	"Exec":           "raw",
	"Query":          "raw",
	"QueryString":    "raw",
	"QueryInterface": "raw",
}

// XormBuilderEq is xorm.io/builder's Eq, the map condition
// Where(builder.Eq{"email": e}).
const XormBuilderEq = "xorm.io/builder.Eq"

// XormTag is the struct tag key of xorm's models: `xorm:"pk autoincr
// unique(email) 'user_name' version"`.
const XormTag = "xorm"

func init() {
	// Session.Begin makes the session itself the transaction (it returns
	// only an error); Engine.Transaction runs its callback on a session
	// inside one: func(*xorm.Session) (interface{}, error).
	s := "(*" + XormPkg + ".Session)."
	add(s+"Begin", m(LibXorm, OpBegin, -1, -1).inPlace())
	add(s+"Commit", m(LibXorm, OpCommit, -1, -1).tx())
	add(s+"Rollback", m(LibXorm, OpRollback, -1, -1).tx())
	add("(*"+XormPkg+".Engine).Transaction", m(LibXorm, OpTxFunc, -1, -1).fn(0).txArg(0))
	SyncRunners["(*"+XormPkg+".Engine).Transaction"] = 0
}
