package apis

// GormRole is what a *gorm.DB method does to the statement being built.
type GormRole uint8

const (
	GormNone     GormRole = iota
	GormChain             // refines the statement and returns it (Where, Model, Table, Clauses, Order, ...)
	GormFinisher          // executes the statement (First, Create, Update, Exec, ...)
	GormTxFunc            // Transaction(func(tx *gorm.DB) error, opts ...*sql.TxOptions)
	GormBegin             // Begin(opts ...*sql.TxOptions) returns a transaction
	GormCommit            // Commit
	GormRollback          // Rollback
	GormRowsRead          // Row()/Rows(): executes and hands back database/sql rows
)

// GormMethod describes a method of *gorm.DB.
type GormMethod struct {
	Role GormRole
	// Op is the statement a finisher runs: OpGet for First/Take/Last,
	// OpSelect for Find/Scan/Pluck, OpExec for writes and Exec, OpQuery for
	// Count. Kind is its SQL kind name for the model: "select", "count",
	// "insert", "upsert", "update", "delete", "raw".
	Op   Op
	Kind string
	// Value is the argument holding the model or destination (First(&u),
	// Create(&u), Model(&u), Count(&n)); Conds are inline conditions
	// (First(&u, "email = ?", e)); Column/Column value for Update(col, v);
	// -1 when absent.
	Value, Conds, Column, ColValue int
}

// GormPkg is gorm's import path.
const GormPkg = gormPkg

// GormNamingStrategy is gorm's default Namer: a struct literal of it in
// gorm.Config{NamingStrategy: schema.NamingStrategy{SingularTable: true,
// TablePrefix: "t_"}} changes every model's table name.
const GormNamingStrategy = gormPkg + "/schema.NamingStrategy"

// GormV1SingularTable is jinzhu/gorm's switch to singular table names,
// db.SingularTable(true).
const GormV1SingularTable = "(*github.com/jinzhu/gorm.DB).SingularTable"

// GormMethods maps method names of *gorm.DB to their roles. The key is the
// bare method name; the receiver is always (*gorm.io/gorm.DB).
var GormMethods = map[string]GormMethod{
	"Model":           {Role: GormChain, Value: 0, Conds: -1, Column: -1, ColValue: -1},
	"Table":           {Role: GormChain, Value: -1, Conds: -1, Column: 0, ColValue: -1},
	"Where":           {Role: GormChain, Value: -1, Conds: 0, Column: -1, ColValue: -1},
	"Not":             {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Or":              {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Clauses":         {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Select":          {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Omit":            {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Distinct":        {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Joins":           {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"InnerJoins":      {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Group":           {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Having":          {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Order":           {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Limit":           {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Offset":          {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Scopes":          {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Preload":         {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Attrs":           {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Assign":          {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Unscoped":        {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Session":         {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"WithContext":     {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Debug":           {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Set":             {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"InstanceSet":     {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"MapColumns":      {Role: GormChain, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Raw":             {Role: GormChain, Op: OpQuery, Kind: "raw", Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"First":           {Role: GormFinisher, Op: OpGet, Kind: "select", Value: 0, Conds: 1, Column: -1, ColValue: -1},
	"Take":            {Role: GormFinisher, Op: OpGet, Kind: "select", Value: 0, Conds: 1, Column: -1, ColValue: -1},
	"Last":            {Role: GormFinisher, Op: OpGet, Kind: "select", Value: 0, Conds: 1, Column: -1, ColValue: -1},
	"Find":            {Role: GormFinisher, Op: OpSelect, Kind: "select", Value: 0, Conds: 1, Column: -1, ColValue: -1},
	"Scan":            {Role: GormFinisher, Op: OpSelect, Kind: "select", Value: 0, Conds: -1, Column: -1, ColValue: -1},
	"Pluck":           {Role: GormFinisher, Op: OpSelect, Kind: "select", Value: 1, Conds: -1, Column: 0, ColValue: -1},
	"Count":           {Role: GormFinisher, Op: OpQuery, Kind: "count", Value: 0, Conds: -1, Column: -1, ColValue: -1},
	"FirstOrInit":     {Role: GormFinisher, Op: OpGet, Kind: "select", Value: 0, Conds: 1, Column: -1, ColValue: -1},
	"FirstOrCreate":   {Role: GormFinisher, Op: OpExec, Kind: "firstorcreate", Value: 0, Conds: 1, Column: -1, ColValue: -1},
	"Create":          {Role: GormFinisher, Op: OpExec, Kind: "insert", Value: 0, Conds: -1, Column: -1, ColValue: -1},
	"CreateInBatches": {Role: GormFinisher, Op: OpExec, Kind: "insert", Value: 0, Conds: -1, Column: -1, ColValue: -1},
	"Save":            {Role: GormFinisher, Op: OpExec, Kind: "save", Value: 0, Conds: -1, Column: -1, ColValue: -1},
	"Update":          {Role: GormFinisher, Op: OpExec, Kind: "update", Value: -1, Conds: -1, Column: 0, ColValue: 1},
	"UpdateColumn":    {Role: GormFinisher, Op: OpExec, Kind: "update", Value: -1, Conds: -1, Column: 0, ColValue: 1},
	"Updates":         {Role: GormFinisher, Op: OpExec, Kind: "update", Value: 0, Conds: -1, Column: -1, ColValue: -1},
	"UpdateColumns":   {Role: GormFinisher, Op: OpExec, Kind: "update", Value: 0, Conds: -1, Column: -1, ColValue: -1},
	"Delete":          {Role: GormFinisher, Op: OpExec, Kind: "delete", Value: 0, Conds: 1, Column: -1, ColValue: -1},
	"Exec":            {Role: GormFinisher, Op: OpExec, Kind: "raw", Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Row":             {Role: GormRowsRead, Op: OpQueryRow, Kind: "select", Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Rows":            {Role: GormRowsRead, Op: OpQuery, Kind: "select", Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Transaction":     {Role: GormTxFunc, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Begin":           {Role: GormBegin, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Commit":          {Role: GormCommit, Value: -1, Conds: -1, Column: -1, ColValue: -1},
	"Rollback":        {Role: GormRollback, Value: -1, Conds: -1, Column: -1, ColValue: -1},
}

// Gorm clause types that change what a statement does, by full type name.
const (
	GormClauseLocking    = "gorm.io/gorm/clause.Locking"    // Strength "UPDATE"/"SHARE", Options "NOWAIT"/"SKIP LOCKED"
	GormClauseOnConflict = "gorm.io/gorm/clause.OnConflict" // Columns, DoNothing, DoUpdates, UpdateAll
	GormClauseExpr       = "gorm.io/gorm/clause.Expr"       // gorm.Expr("stock - ?", n)
	GormExprFunc         = "gorm.io/gorm.Expr"              // builds a clause.Expr
	// clause.OnConflict's DoUpdates: AssignmentColumns(cols) sets each
	// column from the proposed row (excluded.c); Assignments(map) sets
	// each key to its value.
	GormAssignmentColumns = "gorm.io/gorm/clause.AssignmentColumns"
	GormAssignments       = "gorm.io/gorm/clause.Assignments"
	GormClauseColumn      = "gorm.io/gorm/clause.Column" // Table "excluded" names the proposed row
	GormModelType         = "gorm.io/gorm.Model"         // the embedded ID/CreatedAt/UpdatedAt/DeletedAt model
	GormDeletedAt         = "gorm.io/gorm.DeletedAt"     // soft-delete field type
	GormOptimisticLock    = "gorm.io/plugin/optimisticlock.Version"
)
