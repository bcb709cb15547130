package sqltext

// DDLOp is the operation of a DDL statement the schema catalog applies.
type DDLOp uint8

const (
	DDLNone        DDLOp = iota // not a DDL statement the catalog reads
	DDLCreateTable              // CREATE [TEMP] TABLE [IF NOT EXISTS] t (...)
	DDLAlterTable               // ALTER TABLE [IF EXISTS] [ONLY] t action, action...
	DDLDropTable                // DROP TABLE [IF EXISTS] t, u [CASCADE]
	DDLCreateIndex              // CREATE [UNIQUE] INDEX [CONCURRENTLY] [IF NOT EXISTS] [name] ON t [USING m] (cols) [WHERE pred]
	DDLDropIndex                // DROP INDEX [CONCURRENTLY] [IF EXISTS] name[, ...] (MySQL: DROP INDEX name ON t)
	DDLRenameTable              // ALTER TABLE t RENAME TO u, RENAME TABLE t TO u (MySQL)
	DDLRenameIndex              // ALTER INDEX [IF EXISTS] i RENAME TO j (PostgreSQL): Indexes[0] is i, NewName.Name j
)

// ConstraintKind is the kind of a table constraint.
type ConstraintKind uint8

const (
	ConstraintNone ConstraintKind = iota
	ConstraintPrimaryKey
	ConstraintUnique
	ConstraintForeignKey
	ConstraintCheck
	ConstraintExclude // PostgreSQL EXCLUDE USING gist (...)
	ConstraintIndex   // MySQL KEY/INDEX/FULLTEXT/SPATIAL [name] (cols) in CREATE TABLE or ALTER TABLE ADD: not unique
)

// ColumnDef is a column definition.
//
// Type is "" when the column has none (SQLite, PARTITION OF). What a type
// implies is not spelled out: MySQL's SERIAL (BIGINT UNSIGNED NOT NULL
// AUTO_INCREMENT UNIQUE) is Type "serial" alone, as PostgreSQL's serial
// (which implies no UNIQUE) is; MySQL's SERIAL DEFAULT VALUE attribute sets
// NotNull, Unique and Identity. NotNull reports an explicit NOT NULL; a
// PRIMARY KEY column is not null as well. Unknown column attributes
// (COMMENT, CHARACTER SET, ON UPDATE, STORAGE ...) are skipped.
type ColumnDef struct {
	Name       string // normalized like TableRef names
	Type       string // the type as written, lower-cased, whitespace-collapsed ("bigint", "varchar(255)", "timestamp with time zone")
	NotNull    bool
	PrimaryKey bool // PRIMARY KEY on the column (MySQL's bare KEY too)
	Unique     bool // UNIQUE on the column
	// PrimaryKeyName and UniqueName are the names given by CONSTRAINT
	// name PRIMARY KEY and CONSTRAINT name UNIQUE on the column; "" when
	// unnamed.
	PrimaryKeyName, UniqueName string
	Default                    string // DEFAULT expression text, "" when none

	// Identity reports GENERATED {ALWAYS | BY DEFAULT} AS IDENTITY,
	// AUTO_INCREMENT (MySQL) and AUTOINCREMENT (SQLite). Serial types are
	// told by Type.
	Identity bool
	// Generated is the expression text of a generated column: GENERATED
	// ALWAYS AS (expr) [STORED | VIRTUAL], MySQL's [GENERATED ALWAYS] AS
	// (expr); "" for other columns.
	Generated string
	// References and RefColumns are the target of REFERENCES t [(cols)] on
	// the column; zero and nil when none.
	References TableRef
	RefColumns []string
	Check      string // CHECK (expr) on the column: the expression's text
	Collate    string // COLLATE name, normalized like TableRef names
}

// Constraint is a table constraint (in CREATE TABLE or ALTER TABLE ADD).
type Constraint struct {
	Name    string // CONSTRAINT name, "" when unnamed
	Kind    ConstraintKind
	Columns []string // key columns; for an expression element, its text
	// NullsNotDistinct reports PostgreSQL 15's UNIQUE NULLS NOT DISTINCT.
	NullsNotDistinct bool

	// Exprs marks which Columns are expressions, as IndexDef.Exprs does
	// (MySQL's functional key parts ((lower(email))), EXCLUDE elements).
	Exprs []bool
	// Where and WhereText are the predicate of PostgreSQL's EXCLUDE ...
	// WHERE (pred) and of TiDB's partial indexes, KEY (c) WHERE pred.
	Where     []Cond
	WhereText string

	// References and RefColumns are a FOREIGN KEY's target.
	References TableRef
	RefColumns []string
	Check      string // CHECK (expr): the expression's text
	// UsingIndex names the index of PostgreSQL's ADD CONSTRAINT c UNIQUE
	// USING INDEX i (then Columns is nil: they are the index's).
	UsingIndex string
}

// AlterKind is one action of ALTER TABLE.
type AlterKind uint8

const (
	AlterNone             AlterKind = iota
	AlterAddColumn                  // ADD [COLUMN] [IF NOT EXISTS] def
	AlterDropColumn                 // DROP [COLUMN] [IF EXISTS] name
	AlterRenameColumn               // RENAME [COLUMN] a TO b (MySQL also CHANGE a b type)
	AlterAddConstraint              // ADD [CONSTRAINT name] PRIMARY KEY/UNIQUE/... (MySQL ADD UNIQUE [INDEX|KEY] name (cols))
	AlterDropConstraint             // DROP CONSTRAINT [IF EXISTS] name, MySQL DROP INDEX/KEY name, DROP PRIMARY KEY
	AlterAlterColumn                // ALTER [COLUMN] c SET/DROP NOT NULL, TYPE ..., MODIFY/CHANGE (MySQL)
	AlterOther                      // anything else (OWNER TO, SET, ENABLE TRIGGER ...)
	AlterRenameConstraint           // RENAME CONSTRAINT a TO b, MySQL RENAME {INDEX|KEY} a TO b
	AlterRenameTable                // MySQL's RENAME [TO|AS] u among other actions (alone it makes a DDLRenameTable)
)

// AlterAction is one action of an ALTER TABLE statement.
type AlterAction struct {
	Kind       AlterKind
	Column     ColumnDef  // AlterAddColumn, AlterAlterColumn (Name at least)
	Name       string     // the dropped or renamed column or constraint (CHANGE a b: a); DROP PRIMARY KEY gives "PRIMARY"
	NewName    string     // AlterRenameColumn's, AlterRenameConstraint's and AlterRenameTable's new name
	Constraint Constraint // AlterAddConstraint

	// IfExists and IfNotExists report DROP ... IF EXISTS and ADD COLUMN IF
	// NOT EXISTS.
	IfExists, IfNotExists bool
	// For AlterAlterColumn: SET NOT NULL sets Column.NotNull, SET DEFAULT
	// Column.Default, [SET DATA] TYPE Column.Type, ADD GENERATED ... AS
	// IDENTITY Column.Identity; DROP NOT NULL and DROP DEFAULT set these.
	DropNotNull, DropDefault bool
	// Redefine reports MySQL's MODIFY and CHANGE, which replace the whole
	// column definition with Column (for CHANGE a b, Column.Name is b).
	Redefine bool
}

// IndexDef is a CREATE INDEX statement.
type IndexDef struct {
	Name   string
	Unique bool
	// Columns are the indexed columns, normalized; an expression element
	// (lower(email)) is its text, and Exprs marks which are expressions.
	Columns []string
	Exprs   []bool
	// Where is the partial index predicate, as conjuncts (like Stmt.Where),
	// and WhereText its text; nil and "" for a full index.
	Where     []Cond
	WhereText string

	Method           string   // USING method, lower-cased ("gin"); MySQL's FULLTEXT and SPATIAL give "fulltext" and "spatial"; "" when not stated
	Include          []string // INCLUDE (cols), PostgreSQL's non-key columns
	NullsNotDistinct bool     // NULLS NOT DISTINCT (PostgreSQL 15)
}

// DDL is the summary of a DDL statement, set on Stmt.DDL when Kind is
// KindDDL and the statement is one the catalog reads. Partial DDL (a
// statement the scanner could not follow to the end) has Stmt.Partial set
// and what was read so far.
type DDL struct {
	Op          DDLOp
	Table       TableRef   // the table created, altered, dropped, renamed, or indexed
	Tables      []TableRef // DROP TABLE's tables (Table is the first)
	NewName     TableRef   // DDLRenameTable's new name; DDLRenameIndex's (Name only); MySQL's ALTER TABLE ..., RENAME TO u
	IfNotExists bool
	IfExists    bool
	Columns     []ColumnDef   // DDLCreateTable
	Constraints []Constraint  // DDLCreateTable's table constraints (MySQL inline UNIQUE KEY/INDEX too)
	Actions     []AlterAction // DDLAlterTable
	Index       *IndexDef     // DDLCreateIndex
	Indexes     []string      // DDLDropIndex's names (schema dropped); DDLRenameIndex's old name
	// Like reports CREATE TABLE t (LIKE u) or CREATE TABLE t AS SELECT:
	// the columns are not listed.
	Like TableRef

	// Temporary reports CREATE TEMP[ORARY] TABLE.
	Temporary bool
	// AsSelect reports CREATE TABLE t AS SELECT (or AS TABLE u, or MySQL's
	// CREATE TABLE t SELECT); Like is then the first table of the SELECT,
	// empty when it has none.
	AsSelect bool
	// LikeIndexes reports that Like's indexes and unique constraints are
	// copied too: MySQL's CREATE TABLE t LIKE u, PostgreSQL's LIKE u
	// INCLUDING ALL or INCLUDING INDEXES, and PARTITION OF u (whose indexes
	// every partition has).
	LikeIndexes bool
	// Renames lists every pair of a DDLRenameTable: ALTER TABLE t RENAME
	// TO u has one, MySQL's RENAME TABLE a TO b, c TO d several, applied in
	// order. Table and NewName are the first.
	Renames []TableRename
}

// TableRename is one pair of a table rename.
type TableRename struct {
	From, To TableRef
}

var ddlOpNames = [...]string{"none", "create table", "alter table", "drop table", "create index",
	"drop index", "rename table", "rename index"}

// String returns the operation in lower case: "create table", "drop index", ....
func (op DDLOp) String() string {
	if int(op) < len(ddlOpNames) {
		return ddlOpNames[op]
	}
	return "DDLOp(" + itoa(int(op)) + ")"
}

var constraintNames = [...]string{"none", "primary key", "unique", "foreign key", "check", "exclude", "index"}

// String returns the kind in lower case: "primary key", "unique", ....
func (k ConstraintKind) String() string {
	if int(k) < len(constraintNames) {
		return constraintNames[k]
	}
	return "ConstraintKind(" + itoa(int(k)) + ")"
}

var alterNames = [...]string{"none", "add column", "drop column", "rename column", "add constraint",
	"drop constraint", "alter column", "other", "rename constraint", "rename table"}

// String returns the kind in lower case: "add column", "drop constraint", ....
func (k AlterKind) String() string {
	if int(k) < len(alterNames) {
		return alterNames[k]
	}
	return "AlterKind(" + itoa(int(k)) + ")"
}

// Unique reports whether the constraint makes its columns unique: a
// primary key or a unique constraint.
func (c Constraint) Unique() bool {
	return c.Kind == ConstraintPrimaryKey || c.Kind == ConstraintUnique
}
