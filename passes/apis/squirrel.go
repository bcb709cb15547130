package apis

// SquirrelPkg is github.com/Masterminds/squirrel's import path.
const SquirrelPkg = "github.com/Masterminds/squirrel"

// Part is what a query-builder method adds to the statement being built.
type Part uint8

const (
	PartNone          Part = iota
	PartTable              // the table: From, Into, Table (argument 0)
	PartColumns            // result or insert columns: Columns(cols ...string), Select's columns
	PartWhere              // a WHERE predicate: Where(pred any, args ...any)
	PartSet                // one assignment: Set(column string, value any)
	PartSetMap             // assignments from a map: SetMap(map[string]any{...})
	PartValues             // one row of INSERT values: Values(values ...any)
	PartSuffix             // SQL text after the statement: Suffix(sql string, args ...any)
	PartPrefix             // SQL text before the statement: Prefix(sql string, args ...any)
	PartRunWith            // the handle the builder runs on: RunWith(runner)
	PartLimit              // LIMIT n
	PartOptions            // keywords after the verb: Options("IGNORE"), Distinct()
	PartJoin               // JOIN clause text with args: Join("b ON a.id = b.a_id")
	PartKeep               // changes nothing the model reads (OrderBy, GroupBy, PlaceholderFormat)
	PartUnknown            // changes the statement in a way the model cannot read (FromSelect, Select on insert)
	PartOrderBy            // ORDER BY columns
	PartSuffixExpr         // a Sqlizer after the statement: SuffixExpr(expr)
	PartWhereExpr          // a Sqlizer predicate (same as PartWhere, named for tables that distinguish them)
	PartStatement          // starts a statement of Kind on the receiver's settings (StatementBuilderType.Select)
	PartConflict           // an ON CONFLICT clause (libraries with a method for it)
	PartLock               // a locking clause (libraries with a method for it)
	PartReturning          // a RETURNING clause
	PartModel              // the ORM model (bun's Model(&u)): table, columns and values from its type
	PartWherePK            // the model's primary key as the predicate (bun WherePK)
	PartColumnExpr         // a computed column or assignment text with args (bun Set("x = x + ?", n))
	PartTableExpr          // the table as text (bun Table/TableExpr/ModelTableExpr)
	PartReturnNothing      // no RETURNING
)

// BuilderMethod describes a method of a query builder: what it adds (Part)
// and, for methods that start a statement, the statement's kind ("select",
// "insert", "replace", "update", "delete").
type BuilderMethod struct {
	Part Part
	Kind string
}

// Finisher describes a method that runs the built statement, with the Op of
// the database/sql method it stands for; Dest is the first destination
// argument (Scan(dest ...any)), or -1.
type Finisher struct {
	Op   Op
	Dest int
	// Variadic reports destinations passed as ...any.
	Variadic bool
}

// SquirrelBuilders are squirrel's builder types, by type name; their
// methods are SquirrelMethods and SquirrelFinishers.
var SquirrelBuilders = map[string]string{
	"SelectBuilder":        "select",
	"InsertBuilder":        "insert",
	"UpdateBuilder":        "update",
	"DeleteBuilder":        "delete",
	"StatementBuilderType": "",
}

// SquirrelConstructors are the package functions that start a builder, by
// name, with the statement kind; argument 0 is the table (Select: the
// columns).
var SquirrelConstructors = map[string]string{
	"Select": "select", "Insert": "insert", "Replace": "replace", "Update": "update", "Delete": "delete",
}

// SquirrelMethods maps the methods of squirrel's builders, by name, to what
// they add. StatementBuilderType's Select/Insert/Update/Delete start a
// statement.
var SquirrelMethods = map[string]BuilderMethod{
	"Select":            {Part: PartStatement, Kind: "select"},
	"Insert":            {Part: PartStatement, Kind: "insert"},
	"Replace":           {Part: PartStatement, Kind: "replace"},
	"Update":            {Part: PartStatement, Kind: "update"},
	"Delete":            {Part: PartStatement, Kind: "delete"},
	"From":              {Part: PartTable},
	"Into":              {Part: PartTable},
	"Table":             {Part: PartTable},
	"Columns":           {Part: PartColumns},
	"Column":            {Part: PartColumns},
	"Where":             {Part: PartWhere},
	"Set":               {Part: PartSet},
	"SetMap":            {Part: PartSetMap},
	"Values":            {Part: PartValues},
	"Suffix":            {Part: PartSuffix},
	"SuffixExpr":        {Part: PartSuffixExpr},
	"Prefix":            {Part: PartPrefix},
	"PrefixExpr":        {Part: PartUnknown},
	"RunWith":           {Part: PartRunWith},
	"Limit":             {Part: PartLimit},
	"Options":           {Part: PartOptions},
	"Distinct":          {Part: PartKeep},
	"Join":              {Part: PartJoin, Kind: "JOIN"},
	"LeftJoin":          {Part: PartJoin, Kind: "LEFT JOIN"},
	"RightJoin":         {Part: PartJoin, Kind: "RIGHT JOIN"},
	"InnerJoin":         {Part: PartJoin, Kind: "INNER JOIN"},
	"CrossJoin":         {Part: PartJoin, Kind: "CROSS JOIN"},
	"JoinClause":        {Part: PartUnknown},
	"FromSelect":        {Part: PartUnknown},
	"GroupBy":           {Part: PartKeep},
	"Having":            {Part: PartKeep},
	"OrderBy":           {Part: PartKeep},
	"OrderByClause":     {Part: PartKeep},
	"Offset":            {Part: PartKeep},
	"RemoveLimit":       {Part: PartKeep},
	"RemoveOffset":      {Part: PartKeep},
	"RemoveColumns":     {Part: PartUnknown},
	"PlaceholderFormat": {Part: PartKeep},
}

// SquirrelFinishers are the builder methods that run the statement on the
// RunWith handle.
var SquirrelFinishers = map[string]Finisher{
	"Exec":            {Op: OpExec, Dest: -1},
	"ExecContext":     {Op: OpExec, Dest: -1},
	"Query":           {Op: OpQuery, Dest: -1},
	"QueryContext":    {Op: OpQuery, Dest: -1},
	"QueryRow":        {Op: OpQueryRow, Dest: -1},
	"QueryRowContext": {Op: OpQueryRow, Dest: -1},
	"Scan":            {Op: OpQueryRow, Dest: 0, Variadic: true},
	"ScanContext":     {Op: OpQueryRow, Dest: 1, Variadic: true},
}

// SquirrelToSQL is the builder method returning (sql string, args
// []interface{}, err error); its text and arguments, passed to a database
// call, are the statement the builder assembled.
const SquirrelToSQL = "ToSql"

// SquirrelSqlizer is the interface every squirrel builder and predicate
// implements (ToSql), the type of a builder passed to a helper.
const SquirrelSqlizer = "Sqlizer"

// SquirrelPredicates are squirrel's map predicate types (sq.Eq{"email":
// e}), by type name, with the comparison each key makes.
var SquirrelPredicates = map[string]string{
	"Eq": "=", "NotEq": "<>", "Lt": "<", "LtOrEq": "<=", "Gt": ">", "GtOrEq": ">=",
	"Like": "LIKE", "NotLike": "NOT LIKE", "ILike": "ILIKE", "NotILike": "NOT ILIKE",
}

// SquirrelExpr is sq.Expr(sql string, args ...any): SQL text with its
// arguments, as a value, predicate or assignment.
const SquirrelExpr = SquirrelPkg + ".Expr"

func init() {
	// QueryRow's RowScanner: its Scan reports sql.ErrNoRows.
	add("("+SquirrelPkg+".RowScanner).Scan", m(LibSquirrel, OpScan, -1, -1).dest(0))
}
