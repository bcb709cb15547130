package sqltext

// Kind is the kind of a statement.
type Kind uint8

const (
	KindUnknown        Kind = iota // empty, unparseable, or not recognized
	KindSelect                     // SELECT, VALUES, TABLE, SHOW (reads)
	KindInsert                     // INSERT, REPLACE, UPSERT
	KindUpdate                     // UPDATE
	KindDelete                     // DELETE
	KindBegin                      // BEGIN, START TRANSACTION (may carry an isolation level)
	KindCommit                     // COMMIT, END
	KindRollback                   // ROLLBACK, ABORT
	KindSetTransaction             // SET [SESSION CHARACTERISTICS AS] TRANSACTION ..., SET transaction_isolation = ...
	KindLockTable                  // LOCK [TABLE] t IN ... MODE, LOCK TABLES t WRITE
	KindDDL                        // CREATE, ALTER, DROP, TRUNCATE, COMMENT, GRANT ...
	KindOther                      // any other recognized statement (SET x = y, EXPLAIN, CALL ...)
)

// TableRef names a table as written, normalized: unquoted identifiers are
// lower-cased, quoted ones ("x", `x`, [x]) keep their case without quotes.
type TableRef struct {
	Schema string // "" when not qualified
	Name   string // "" when unknown (a hole in partial text, a subquery)
	Alias  string // "" when none
}

// ParamStyle is the spelling of a placeholder.
type ParamStyle uint8

const (
	ParamDollar   ParamStyle = iota + 1 // $1 (PostgreSQL, pgx, lib/pq); SQLite's $name
	ParamQuestion                       // ? (MySQL, SQLite, sqlx, gorm); SQLite's ?NNN
	ParamColon                          // :name (sqlx named queries)
	ParamAt                             // @name (pgx.NamedArgs, gorm named, sqlc.arg)
	ParamBrace                          // {:name} (pocketbase/dbx)
)

// Param is one placeholder occurrence.
type Param struct {
	Style ParamStyle
	// Index is the 0-based position of the bound argument: $3 → 2; the n-th
	// ? in text order → n-1 (SQLite's ?NNN → NNN-1, and a ? after it takes
	// the next number, as SQLite numbers them). It is -1 for named
	// placeholders.
	Index int
	// Name is the name of :name, @name, $name and sqlc.arg(name) without
	// the sigil; "" otherwise.
	Name string
	Span Span // byte offsets of the placeholder in the text
}

// Span is a half-open byte range [Start, End) in the parsed text.
type Span struct{ Start, End int }

// ExprKind classifies a scalar expression.
type ExprKind uint8

const (
	ExprOther    ExprKind = iota // anything else (subquery, CASE, mixed)
	ExprParam                    // a single placeholder, possibly cast: $1, $1::int, CAST(? AS int)
	ExprColumn                   // a single column reference: c, t.c
	ExprConst                    // a literal: 'x', 42, TRUE, NULL, CURRENT_TIMESTAMP, now()
	ExprArith                    // column op operand: c + $1, t.c - 1, c || $2 (either order)
	ExprExcluded                 // EXCLUDED.c (PostgreSQL/SQLite upsert), VALUES(c) (MySQL)
	ExprHole                     // a hole of partial text (see Hole)
	ExprDefault                  // the keyword DEFAULT alone: the column's default (INSERT VALUES, SET c = DEFAULT)
)

// Expr is a summarized scalar expression.
type Expr struct {
	Kind   ExprKind
	Param  Param  // ExprParam, or the operand of ExprArith (or of Fold) when it is a placeholder
	Column string // ExprColumn/ExprExcluded; for ExprArith (or Fold) the column operand (qualifier stripped)
	Op     string // ExprArith: "+", "-", "*", "/", "||"
	// Fold is "lower" or "upper" when the expression (of Kind ExprOther)
	// is that case-folding function applied to one placeholder or column,
	// which Param or Column then holds: lower($1), UPPER(code::text).
	Fold string
	// Refs lists every column the expression references (normalized as
	// TableRef names are, qualifier stripped, deduplicated, in order of
	// appearance), except those inside subqueries and those of the
	// proposed row of an upsert (EXCLUDED.c, VALUES(c), MySQL's new.c).
	Refs []string
	// Params lists every placeholder inside the expression, in text order.
	Params []Param
	Text   string // the expression's text, whitespace-trimmed
	Span   Span
}

// AssignClass classifies a SET assignment.
type AssignClass uint8

const (
	AssignOther  AssignClass = iota // computed from something else
	AssignParam                     // c = $k: the value comes from the application
	AssignAtomic                    // c = c ± expr, or any expression over c itself (c || $1, COALESCE(c,0)+1, array_append(c,$1))
	AssignConst                     // c = 'x', c = 0, c = now(), c = DEFAULT, c = NULL
)

// Assign is one SET assignment (UPDATE ... SET, ON CONFLICT DO UPDATE SET,
// ON DUPLICATE KEY UPDATE). A tuple assignment (a, b) = ($1, $2) yields one
// Assign per column.
type Assign struct {
	Column string // normalized as TableRef names are, qualifier stripped
	Class  AssignClass
	Value  Expr
	// Upsert classifies the assignments of Conflict.Set by where the new
	// value comes from; it is UpsertOther elsewhere.
	Upsert UpsertClass
}

// UpsertClass classifies a DO UPDATE SET or ON DUPLICATE KEY UPDATE
// assignment by where the value written over the existing row comes from.
type UpsertClass uint8

const (
	UpsertOther UpsertClass = iota // anything else: t.c + 1, GREATEST(t.c, EXCLUDED.c), CASE ..., a subquery
	// UpsertProposed is c = EXCLUDED.x, VALUES(x) (MySQL), new.x (MySQL's
	// row alias), possibly cast: the value the INSERT proposed for x, which
	// is Value.Column.
	UpsertProposed
	// UpsertAccumulate is c = t.c op EXCLUDED.x (either order, t.c
	// unqualified or qualified by the table or its alias): the proposed
	// value combined with the existing one.
	UpsertAccumulate
	UpsertConst // c = 'x', 0, now(), NULL, DEFAULT: the same value whatever was proposed
	UpsertParam // c = $k: a value of the application's, bound for the update
)

// Cond is one top-level conjunct of a WHERE clause (or ON CONFLICT ... WHERE).
// For "col op value" (either order: $1 = col is normalized to col = $1),
// Column is set; otherwise Column is "" and only Op "" and Value.Text say
// what it was. A row comparison (a, b) = ($1, $2) yields one Cond per column.
type Cond struct {
	Column    string // normalized as TableRef names are, qualifier stripped
	Qualifier string // the table or alias qualifier as written (normalized), "" if none
	// Fold is "lower" or "upper" when the column is compared through that
	// case-folding function: lower(email) = lower($1) (Value is then the
	// other side, lower($1)).
	Fold string
	// Op is the comparison in upper case: "=", "<>" (also for !=), "<", "<=",
	// ">", ">=", "<=>", "IN", "NOT IN", "IS NULL", "IS NOT NULL", "LIKE",
	// "NOT LIKE", "ILIKE", "NOT ILIKE", "BETWEEN", "NOT BETWEEN",
	// "IS DISTINCT FROM", "IS NOT DISTINCT FROM", and a comparison with ANY
	// or ALL: "= ANY", "<> ALL" (SOME is ANY). For IS [NOT] NULL, Value is
	// the zero Expr; for BETWEEN, it spans both bounds; for ANY and ALL, it
	// is the expression inside the parentheses.
	Op    string
	Value Expr
	Text  string // the conjunct's text
}

// LockStrength is a row-locking clause of a SELECT.
type LockStrength uint8

const (
	LockNone        LockStrength = iota
	LockUpdate                   // FOR UPDATE
	LockNoKeyUpdate              // FOR NO KEY UPDATE
	LockShare                    // FOR SHARE, MySQL LOCK IN SHARE MODE
	LockKeyShare                 // FOR KEY SHARE
)

// Lock is the locking clause of a SELECT. Of several clauses (FOR SHARE OF a
// FOR UPDATE OF b), Strength is the strongest, NoWait and SkipLocked are set
// if any clause sets them, and Of lists the tables of all of them.
type Lock struct {
	Strength   LockStrength
	NoWait     bool
	SkipLocked bool
	Of         []string // FOR UPDATE OF a, b (normalized names)
}

// ConflictAction is what an INSERT does when a unique key already exists.
type ConflictAction uint8

const (
	ConflictNone               ConflictAction = iota // plain INSERT: the violation is an error
	ConflictDoNothing                                // ON CONFLICT ... DO NOTHING
	ConflictDoUpdate                                 // ON CONFLICT ... DO UPDATE SET ...
	ConflictIgnore                                   // INSERT IGNORE (MySQL), INSERT OR IGNORE (SQLite)
	ConflictReplace                                  // REPLACE INTO (MySQL), INSERT OR REPLACE (SQLite)
	ConflictDuplicateKeyUpdate                       // ON DUPLICATE KEY UPDATE (MySQL)
)

// Conflict is the duplicate-key behavior of an INSERT.
type Conflict struct {
	Action      ConflictAction
	Target      []string // ON CONFLICT (a, b): normalized column names, or an expression's text; nil when absent
	Constraint  string   // ON CONFLICT ON CONSTRAINT name
	TargetWhere []Cond   // ON CONFLICT (a) WHERE ... (partial-index inference)
	Set         []Assign // DO UPDATE SET / ON DUPLICATE KEY UPDATE assignments
	Where       []Cond   // DO UPDATE ... WHERE
}

// Advisory is a call of an advisory or named lock function anywhere in the
// statement: pg_advisory_lock, pg_advisory_xact_lock, pg_try_advisory_lock,
// pg_try_advisory_xact_lock, their _shared variants, MySQL GET_LOCK.
type Advisory struct {
	Func string // lower-cased function name
	Xact bool   // released at transaction end (pg_*_xact_*)
	Try  bool   // may fail to acquire (pg_try_*, GET_LOCK with timeout)
	Args []Expr
}

// Isolation is a transaction isolation level.
type Isolation uint8

const (
	IsolationNone Isolation = iota // not stated
	IsolationReadUncommitted
	IsolationReadCommitted
	IsolationRepeatableRead
	IsolationSerializable
)

// Stmt is the summary of one SQL statement. The zero value is an unknown
// statement. Every slice is nil when empty. A Stmt returned by Parse is shared
// through a cache and must not be modified.
type Stmt struct {
	Kind Kind
	// Table is the statement's target: INSERT INTO t, UPDATE t, DELETE FROM
	// t (for MySQL's DELETE t1 FROM ..., t1 resolved through its alias),
	// the first table of a SELECT's FROM, LOCK TABLE t. A subquery or a
	// table function has Name "" and its alias; MySQL's DUAL is no table.
	Table TableRef
	// From lists every table of the main statement's FROM, JOIN, USING
	// (UPDATE ... FROM, DELETE ... USING), in order, including Table.
	From []TableRef
	// Columns: for INSERT, the column list (nil when omitted); for SELECT,
	// one entry per result column: the alias if any, else the column name
	// (qualifier stripped) for a plain column, "*" for * or t.*, "count" for
	// COUNT(...), "exists" for EXISTS(...), otherwise the expression text.
	Columns []string
	// Values is the first VALUES row of an INSERT, aligned with Columns.
	// For INSERT ... SELECT it holds the SELECT's result expressions; for
	// MySQL's INSERT ... SET a = x, Columns and Values hold the pairs.
	// Inserted says what a column receives.
	Values []Expr
	// DefaultValues reports INSERT ... DEFAULT VALUES: every column takes
	// its default.
	DefaultValues bool
	// Set holds UPDATE's assignments.
	Set []Assign
	// Where holds the top-level AND conjuncts of the main WHERE. When the
	// WHERE has a top-level OR, it is a single Cond with Column "".
	Where []Cond
	// HasWhere reports whether the main statement has a WHERE clause.
	HasWhere bool
	Lock     Lock
	Conflict Conflict
	// Returning lists RETURNING columns as SELECT Columns would ("*" for *).
	Returning []string
	Advisory  []Advisory
	// Isolation is the level set by SET TRANSACTION or BEGIN/START
	// TRANSACTION ISOLATION LEVEL ...
	Isolation Isolation
	// WriteLock reports SQLite's BEGIN IMMEDIATE or BEGIN EXCLUSIVE: the
	// transaction takes the database's write lock when it begins, so the
	// writers of every connection run one at a time until it ends.
	WriteLock bool
	// Count reports a SELECT whose only result is an aggregate COUNT.
	Count bool
	// Sum reports a SELECT whose only result is an aggregate SUM
	// (COALESCE(SUM(...), 0) too): a total of the rows' amounts, such as
	// a balance over the ledger rows.
	Sum bool
	// Exists reports SELECT EXISTS(...) or SELECT 1 FROM ... (a presence
	// probe; any integer literal counts).
	Exists bool
	// OrderBy is the column of the first ORDER BY item of a SELECT
	// (ORDER BY t.pos DESC gives "pos"), or "" when it orders by an
	// expression or not at all.
	OrderBy string
	// Limit is the LIMIT value when it is an integer literal, else -1 (no
	// LIMIT or not a literal). LIMIT $1 gives -1 and a Param in Params.
	Limit int
	// With lists the data-modifying and reading CTEs of WITH, in order.
	// Each one's Text is the CTE body, and the Spans of its Params and
	// expressions index into the enclosing statement's Text.
	With []*Stmt
	// WithNames are the CTEs' names, aligned with With and normalized
	// like TableRef names ("" for a name the text does not show).
	WithNames []string
	// Source is the SELECT of INSERT ... SELECT (nil otherwise), summarized
	// like a CTE body.
	Source *Stmt
	// Params lists every placeholder in the statement text (including CTEs
	// and subqueries), in text order.
	Params []Param
	// Partial reports that part of the text was unknown (a Hole) or that the
	// scanner could not follow part of it (unbalanced brackets, an
	// unterminated quote, an unexpected clause); what is set is still right.
	Partial bool
	// Name is the sqlc query name from a leading "-- name: GetUser :one"
	// comment, and Command its command (":one", ":exec", ":execrows", ...).
	Name, Command string
	// Text is the statement text as given (for messages and fixes); Spans
	// index into it.
	Text string
	// DDL summarizes CREATE/ALTER/DROP TABLE, CREATE/DROP INDEX and table
	// and index renames for the schema catalog; nil for other statements
	// (views, sequences, functions, grants ...).
	DDL *DDL
}

// Hole stands for a part of a statement whose text is not known statically
// (a %s of fmt.Sprintf, a variable in a concatenation). Callers that build
// text from pieces put Hole where a piece is unknown; the scanner treats it as
// an opaque token and marks the statement Partial.
const Hole = "\x00"

// Fragment is the summary of an ORM snippet: a WHERE condition such as
// "email = ? AND deleted_at IS NULL", or an expression such as "stock - ?".
// Placeholders ? are numbered from 0 within the fragment.
type Fragment struct {
	Conds   []Cond // the top-level AND conjuncts, when parsed as a condition
	Expr    Expr   // the expression, when parsed as an expression
	Params  []Param
	Partial bool
}

// InsertedFrom says where an INSERT takes a column's value from.
type InsertedFrom uint8

const (
	// InsertedUnknown: the statement does not say (no column list, a
	// column list with a hole, a SELECT whose result columns are not
	// aligned with it, or not an INSERT).
	InsertedUnknown InsertedFrom = iota
	// InsertedValue: the column is listed and the Expr is its value in
	// the first row (ExprDefault for DEFAULT).
	InsertedValue
	// InsertedDefault: the column is not listed, or DEFAULT VALUES: it
	// takes its default.
	InsertedDefault
)
