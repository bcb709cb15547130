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
)

// ColumnDef is a column definition.
type ColumnDef struct {
	Name       string // normalized like TableRef names
	Type       string // the type as written, lower-cased, whitespace-collapsed ("bigint", "varchar(255)", "timestamp with time zone")
	NotNull    bool
	PrimaryKey bool   // PRIMARY KEY on the column
	Unique     bool   // UNIQUE on the column
	Default    string // DEFAULT expression text, "" when none
}

// Constraint is a table constraint (in CREATE TABLE or ALTER TABLE ADD).
type Constraint struct {
	Name    string // CONSTRAINT name, "" when unnamed
	Kind    ConstraintKind
	Columns []string // key columns; for an expression element, its text
	// NullsNotDistinct reports PostgreSQL 15's UNIQUE NULLS NOT DISTINCT.
	NullsNotDistinct bool
}

// AlterKind is one action of ALTER TABLE.
type AlterKind uint8

const (
	AlterNone           AlterKind = iota
	AlterAddColumn                // ADD [COLUMN] [IF NOT EXISTS] def
	AlterDropColumn               // DROP [COLUMN] [IF EXISTS] name
	AlterRenameColumn             // RENAME [COLUMN] a TO b (MySQL also CHANGE a b type)
	AlterAddConstraint            // ADD [CONSTRAINT name] PRIMARY KEY/UNIQUE/... (MySQL ADD UNIQUE [INDEX|KEY] name (cols))
	AlterDropConstraint           // DROP CONSTRAINT [IF EXISTS] name, MySQL DROP INDEX/KEY name, DROP PRIMARY KEY
	AlterAlterColumn              // ALTER [COLUMN] c SET/DROP NOT NULL, TYPE ..., MODIFY/CHANGE (MySQL)
	AlterOther                    // anything else (OWNER TO, SET, ENABLE TRIGGER ...)
)

// AlterAction is one action of an ALTER TABLE statement.
type AlterAction struct {
	Kind       AlterKind
	Column     ColumnDef  // AlterAddColumn, AlterAlterColumn (Name at least)
	Name       string     // the dropped or renamed column or constraint; DROP PRIMARY KEY gives "PRIMARY"
	NewName    string     // AlterRenameColumn's new name
	Constraint Constraint // AlterAddConstraint
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
}

// DDL is the summary of a DDL statement, set on Stmt.DDL when Kind is
// KindDDL and the statement is one the catalog reads. Partial DDL (a
// statement the scanner could not follow to the end) has Stmt.Partial set
// and what was read so far.
type DDL struct {
	Op          DDLOp
	Table       TableRef   // the table created, altered, dropped, renamed, or indexed
	Tables      []TableRef // DROP TABLE's tables (Table is the first)
	NewName     TableRef   // DDLRenameTable's new name
	IfNotExists bool
	IfExists    bool
	Columns     []ColumnDef   // DDLCreateTable
	Constraints []Constraint  // DDLCreateTable's table constraints (MySQL inline UNIQUE KEY/INDEX too)
	Actions     []AlterAction // DDLAlterTable
	Index       *IndexDef     // DDLCreateIndex
	Indexes     []string      // DDLDropIndex's names
	// Like reports CREATE TABLE t (LIKE u) or CREATE TABLE t AS SELECT:
	// the columns are not listed.
	Like TableRef
}
