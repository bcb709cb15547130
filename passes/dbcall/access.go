package dbcall

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// Kind is what an access does to the database.
type Kind uint8

const (
	KindUnknown   Kind = iota // SQL the model could not read
	KindRead                  // SELECT, COUNT, EXISTS, gorm First/Find/Count
	KindInsert                // INSERT, gorm Create
	KindUpdate                // UPDATE, gorm Update/Updates/Save of a loaded row
	KindDelete                // DELETE
	KindAdvisory              // a statement whose only effect is an advisory lock
	KindTxControl             // BEGIN, COMMIT, SET TRANSACTION ... run as SQL
	KindOther                 // DDL and other statements
)

var kindNames = [...]string{"unknown", "select", "insert", "update", "delete", "advisory", "txcontrol", "other"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "?"
}

// IsWrite reports whether the access writes rows (and so locks them until
// its transaction ends).
func (k Kind) IsWrite() bool { return k == KindInsert || k == KindUpdate || k == KindDelete }

// Signal is how the outcome of a read tells whether it found a row.
type Signal uint8

const (
	SignalNone  Signal = iota
	SignalErr          // an error that is one of Sentinels when no row matched
	SignalCount        // an integer that is 0 when no row matched
	SignalBool         // a bool that is true when a row matched (false when Negated)
	SignalNil          // a pointer, interface, map or slice that is nil when no row matched
	SignalLen          // a slice or map that is empty when no row matched
	// SignalRefuse is an error that is nil only when no row matched: a
	// check that refuses when the row exists (validate(...) returning
	// "already refunded" on the found side, nil only past the test).
	// A non-nil one may also be the lookup's own failure.
	SignalRefuse
)

var signalNames = [...]string{"", "err", "count", "bool", "nil", "len", "refuse"}

func (s Signal) String() string {
	if int(s) < len(signalNames) {
		return signalNames[s]
	}
	return "?"
}

// Outcome describes how a read reports whether it found a row.
type Outcome struct {
	Signal Signal
	// Negated reports a SignalBool that is true when no row matched.
	Negated bool
	// Values are the SSA values of the access's function that carry the
	// signal directly.
	Values []ssa.Value
	// Addr, when set, is a destination whose loads after the access carry
	// the signal (the count or exists flag scanned into a variable).
	Addr ssa.Value
	// Sentinels are the full names of the errors meaning "no row" for
	// SignalErr (sql.ErrNoRows, an application's ErrNotFound).
	Sentinels []string
	// Nil are values that are also nil when no row matched: the pointer a
	// repository returns beside its ErrNotFound.
	Nil []ssa.Value
}

// Binding is one column of an access bound to a value: a WHERE conjunct
// (Op is its comparison), a SET assignment or an INSERT value (Op "=").
type Binding struct {
	Column string
	Op     string
	// Fold is "lower" or "upper" when the column is compared through that
	// case-folding function (WHERE lower(email) = lower($1)): the key is
	// the column's value up to case.
	Fold string
	// Class classifies assignments (SET and INSERT values).
	Class sqltext.AssignClass
	// Value is the Go value bound to the column's placeholder, when one is.
	Value Ref
	// Const is the SQL literal when the SQL itself holds the value.
	Const string
	// ConstName is the Go name of the named constant a value set from Go
	// is (UserStatusDeleted for user.Status = UserStatusDeleted), when the
	// model saw it written: what an int state's value means.
	ConstName string
	// OmitZero reports a value the library leaves out of the SET (or the
	// WHERE) when it is Go's zero value (gorm's Updates of a struct, a
	// condition struct): a field of a struct literal a caller never sets
	// is no column of the write (no condition of the lookup).
	OmitZero bool
	// Expr is the SQL expression text as written (or synthesized for ORMs).
	Expr string
	// From lists, when Value is unknown, the arguments of the summarized
	// call the value is computed from (the message a command is built
	// from in the callee): its provenance, never the value itself.
	From []ssa.Value
	// SelfDelta reports, through a call, a value that is the field of the
	// caller's struct Value names after the callee changed it from itself
	// (func (t *Team) addRepository(e Engine, ...) { t.NumRepos++;
	// e.ID(t.ID).AllCols().Update(t) }): computed from what the caller
	// read into it, not that value unchanged.
	SelfDelta bool
	// Mutated reports, through a call, a value that is the field of the
	// caller's struct Value names, which a method the callee calls before
	// the write assigns (user.UpdateUserHash(), then the user written
	// whole): what is written there may be the callee's, so it is no
	// write-back of what the caller read. Its provenance is kept: a change
	// made on some paths only (a lockout counter reset when it expired)
	// still carries the caller's value on the others.
	Mutated bool
	// Passed reports, through a call, a column of the callee's whole-row
	// write bound to a field of the struct the caller passed: written back
	// as the caller holds it, not changed.
	Passed bool
	// Merge reports an assignment merging a jsonb object into the column
	// (meta_data = meta_data || $1::jsonb, also past a CASE coercing the
	// old value to an object): the keys it sets hold the same values
	// when it runs again, so it is no relative update that repeats.
	Merge bool
	// Zero reports, through calls, an inserted value that is a field of a
	// struct a caller made and never set (u := &User{Email: e}; repo.Add(u)
	// inserts u.ID as Go's zero value, or leaves the key to the database):
	// not a key any other value names.
	Zero bool
}

// whereFrag is a where fragment of a function's parameters: the text and
// the arguments of its placeholders (a variadic slice).
//
// elem is 1 + k when the text is element k of a variadic parameter text
// (Where(cond[0]) of cond ...any), and from is 1 + j when the arguments
// are that parameter's elements from j on (cond[1:]); 0 otherwise.
type whereFrag struct {
	text, args ssa.Value
	elem, from int
}

// ColumnRead is a column a read delivers into Go.
type ColumnRead struct {
	Column string // lower-case column name; "*" for every column of the row
	// Dest is where the value lands: the address passed to Scan, a field of
	// a struct passed to Get or First, or a result of a summarized call.
	Dest Ref
	// Addr reports that Dest is an address whose loads carry the value
	// (false: Dest is itself the value, e.g. a field of a returned row).
	Addr bool
	// Derived reports that Dest is computed from the column, not the
	// column itself: the balance a helper returns as received less
	// spent, two SUM totals.
	Derived bool
}

// Access is one database operation as the model sees it in a function:
// either a library call executing SQL, or a call of a function whose summary
// says it performs the operation (Via is then set).
type Access struct {
	Fn   *ssa.Function
	Call ssa.CallInstruction // the call in Fn that performs the access or leads to it
	Pos  token.Pos
	Lib  apis.Lib
	Kind Kind
	// Table is the normalized name of the table read or written ("" when
	// unknown), without schema.
	Table string
	// Stmt is the SQL summary for raw SQL, nil for ORM calls and summaries.
	Stmt *sqltext.Stmt
	// SQL is the statement for messages: the resolved text, or one
	// synthesized for ORM chains ("gorm First users WHERE email = ?").
	SQL   string
	Where []Binding
	// Rechecks lists the columns a WHERE conjunct added to the statement
	// on some paths only compares (a builder given a condition under an
	// if: the cap when the coupon has one). They are no key of the row,
	// but the statement may re-state a check of them.
	Rechecks []string
	// CondWhere lists, for a read, the WHERE conjuncts added on the paths
	// where their bound value is not Go's zero value only (an options
	// struct's filter: if opts.Branch != "" { q = q.Where("branch = ?",
	// opts.Branch) }). They are no condition of the read where they
	// stand: checkers read Where. At a call whose argument sets the value
	// (Count(ctx, repo, &Filter{Branch: b})), the summary's conjunct is
	// one of Where; one the call leaves to its own caller stays here.
	CondWhere []Binding
	Set       []Binding
	Reads     []ColumnRead
	// CalleeChecks lists, for a read made by a called function, the
	// columns it keeps for itself and branches on (a row it loads again
	// to check before it writes): see branchedOn.
	CalleeChecks []string
	// Count and Exists mark reads whose result is a row count or a presence
	// flag; Limit is the LIMIT literal or -1.
	Count, Exists bool
	// Sum marks a read whose result is a total of the rows' amounts (SELECT
	// SUM(amount) ...): a balance the rows make up, not a row.
	Sum bool
	// First names the column a read orders its rows by when it returns
	// only the first of them (ORDER BY display_order DESC LIMIT 1, xorm's
	// OrderBy("display_order desc").Get): the highest or lowest value of
	// a set of rows, not a row the read names.
	First string
	// SumGate marks a Sum read of a called function whose total decides
	// whether the function fails: the balance a validation helper checks
	// against the amount (a branch on its error is a branch on the total).
	SumGate     bool
	Lock        sqltext.LockStrength
	LockOptions string // "NOWAIT", "SKIP LOCKED" or ""
	Conflict    sqltext.ConflictAction
	// ConflictTarget lists ON CONFLICT columns.
	ConflictTarget []string
	// Upsert is the conflict clause in full (nil for a plain insert and
	// for other statements).
	Upsert    *Upsert
	Advisory  []sqltext.Advisory
	Isolation sqltext.Isolation
	// Handle is the database handle the access runs on: a pool, a
	// connection, or a transaction value.
	Handle Ref
	// Err holds the values reporting the access's failure.
	Err []ssa.Value
	// Found says how a read reports whether it matched a row.
	Found Outcome
	// RowsAffected holds the values carrying the number of affected rows.
	RowsAffected []ssa.Value
	// RowsChecked reports that the number of affected rows (or, for an
	// UPDATE ... RETURNING read through a row, its ErrNoRows) is examined:
	// compared, branched on, or returned to a caller whose summary says so.
	RowsChecked bool
	// RowsReturned is the index of Fn's result that carries the affected
	// rows to callers, or -1.
	RowsReturned int
	// ResultObjs are the values of the write's result object (sql.Result,
	// pgconn.CommandTag) whose RowsAffected method gives the count.
	ResultObjs []ssa.Value
	// ResultReturned is the index of Fn's result that returns the result
	// object to callers (sqlc :execresult), or -1.
	ResultReturned int
	// UniqueHandled reports that the failure of this write is tested for a
	// unique violation (here, or in the summarized callee).
	UniqueHandled bool
	// Via is set when the access is performed by a called function.
	Via *Via
	// Partial reports SQL that was only partly known.
	Partial bool
	// Alternatives is, for an access of a call running one of several
	// statements chosen on branches before it (a switch assigning the
	// query, one of two prepared statements) or one per iteration of a
	// loop over a literal list of them, how many there are: each run of
	// the call makes one of that many accesses. 0 otherwise.
	Alternatives int
	// Heuristic reports an access inferred from a method's name and
	// arguments alone (an interface whose implementation is not visible).
	Heuristic bool
	// Command is the sqlc command of the query (":exec", ":execrows",
	// ":one", ...) when its SQL carries a "-- name:" header.
	Command string
	// Generated reports an access executed in generated code (sqlc): the
	// code a caller cannot change, so findings about it belong at the
	// caller.
	Generated bool
	// VersionColumn is the optimistic-locking column of the model an ORM
	// access writes (a gorm Version field), "" when none is known.
	VersionColumn string
	// Method is the ORM method that runs the statement (gorm's "Save",
	// "Update", "Create", ...), "" for SQL run as text.
	Method string
	// Consumes is set on a delete that runs only when a read of the same
	// row found it (a one-time code looked up, then deleted): the read.
	// Whether the delete's affected-row count is examined is told apart
	// by RowsChecked; through a summary the read is the callee's, so a
	// caller sees that the call consumes a row it found.
	Consumes *Access
	// consumeGated reports that Fn fails when Consumes finds no row, so
	// its callers see the consumption (the summary carries Consumes).
	consumeGated bool
	// insertedFirst reports a write of a row Fn inserted before it
	// (markInserted).
	insertedFirst bool
	// frags are the where fragments whose text is a parameter of Fn
	// (findUser(tx, query string, args ...any) doing Where(query,
	// args...)): a caller giving the text and its arguments knows the
	// conditions (instantiate). fragsOnly reports that they alone made
	// the access Partial.
	frags     []whereFrag
	fragsOnly bool
	// Member is set on a lookup made in Go: a map built from a column
	// of the rows a read returned, tested for a key by this instruction
	// (Pos is its position, Call the read's).
	Member *ssa.Lookup
	// Saves reports a save of the model (gorm Save): the whole row
	// written by its primary key, inserted when no row matches.
	Saves bool
	// RowsOf is set on a write whose values come from the rows a claim
	// returned (Claim.returnedInto): an INSERT ... ON CONFLICT DO NOTHING
	// RETURNING that ran before it in the same function and hands back
	// only the rows it inserted. The write runs for those rows alone,
	// once per row however often the function runs:
	//
	//	tx.NewInsert().Model(&adjs).On("CONFLICT (id) DO NOTHING").Returning("*").Scan(ctx, &inserted)
	//	for _, adj := range inserted { deltas = append(deltas, ...) }
	//	tx.NewInsert().Model(&deltas).On("CONFLICT (id) DO UPDATE").Set("amount = payment.amount + EXCLUDED.amount")
	RowsOf *Access
	// returnedInto are the destinations an INSERT ... RETURNING scans the
	// rows it inserted into (bun's Returning(...).Scan(ctx, &rows)).
	returnedInto []ssa.Value
	// modelValue is the model an ORM's write takes its rows from (bun's
	// Model(&rows)), when its columns bind no value of their own.
	modelValue []ssa.Value
	// JoinOf is set on the read of a table a SELECT joins to its first
	// one, whose columns its WHERE compares (f.image_id = ? of FROM image i
	// JOIN formatted_image f): JoinOf is the statement's own access, whose
	// outcome is this read's too (a branch on it tests this table's row).
	// Where holds the table's conditions unqualified, the other tables'
	// qualified ("i.dir"): see joinedReads.
	JoinOf *Access
	// CheckedBy is set on an insert that the same call decides with a
	// lookup of its own (gorm FirstOrCreate): a check-then-insert inside
	// the library.
	CheckedBy *Access
	// DecidedBy is set on an insert of a summarized call that, in the
	// callee, runs only when a lookup of the same table there found no
	// row, and whose key the callee's own values do not show to be the
	// lookup's (createRepository(e, owner, repo) looking the name up by
	// owner.ID and inserting repo, whose OwnerID its caller set from
	// owner.ID): the caller, which knows the values, judges the pair.
	DecidedBy *Access
	// BeanParam is, for an xorm write or read whose bean is the
	// function's own interface-typed parameter (db.Insert(ctx, beans
	// ...any), GetByID(ctx, id, bean any)), that parameter: the table
	// and columns are the model of the bean each caller passes.
	// BeanSpread reports the variadic parameter passed on (beans...).
	BeanParam  *ssa.Parameter
	BeanSpread bool
	// ModelUniques lists the column sets an ORM model declares unique
	// (gorm primaryKey, unique, uniqueIndex tags; fields sharing a
	// uniqueIndex name form one set).
	ModelUniques [][]string
	// ColsParam is, for a write whose column list is the function's own
	// parameter passed on (xorm's Cols(cols...) in a helper
	// updateIssueCols(e, issue, cols ...string)), that parameter: Set
	// then lists every column of the model, and a caller naming its
	// columns as constants writes only those and ColsExtra, the names the
	// function appends itself (cols = append(cols, "updated_unix")).
	ColsParam *ssa.Parameter
	ColsExtra []string
	// recount reports, through a call, an update the callee's summary
	// says every racer makes alike (Result.Recomputes).
	recount bool
	// partialCols reports that the access would not be Partial but for
	// ColsParam: a caller that names the columns knows the write whole.
	partialCols bool
	// listed reports a write whose columns a caller named here as
	// constants (UpdateUser(id, u, []string{"password", "password_type"})
	// into a helper's Cols(columns...)): the columns it means to change.
	listed bool
	// OptimisticLock reports a gorm model whose version field is
	// gorm.io/plugin/optimisticlock.Version: the plugin adds the version
	// predicate and bump, and signals conflicts only through RowsAffected.
	OptimisticLock bool
	// tableParam is, for an access whose table Fn's SQL text leaves to a
	// string parameter of Fn (fmt.Sprintf("UPDATE %s SET ...", table)),
	// that parameter: a caller giving the name knows the table
	// (instantiate).
	tableParam *ssa.Parameter
	// tableField, with tableParam a struct, is the field of it holding
	// the name (semaphore's getObject(props db.ObjectProps, ...) with
	// From(props.TableName)).
	tableField string
	// tableType is, for an access of a generic function whose model is
	// one of its type parameters (var rows []T; db.Find(&rows), or
	// fmt.Sprintf("... %s ...", t.TableName()) of a t of type T), that type
	// parameter, and tableNaming how the library names a model's table:
	// a caller giving the type argument knows the table (instantiate).
	tableType   *types.TypeParam
	tableNaming tableNaming
}

// tableNaming is how a model type names its table.
type tableNaming uint8

const (
	namingMethod tableNaming = iota // its TableName method alone
	namingGorm                      // gorm's naming (the package's strategy)
	namingPop                       // pop's (flect's Tableize)
	namingXorm                      // xorm's (snake_case)
)

// Via describes the call path from Fn into the function that performs an
// access.
type Via struct {
	// Callees are the functions called, outermost first, as
	// "pkg.Func" or "pkg.Type.Method".
	Callees []string
	// Origin is the position of the access inside the last callee,
	// "file.go:line".
	Origin string
}

// Position returns where the access executes: Origin for an access through
// calls, the call position otherwise.
func (a *Access) Position(fset *token.FileSet) string {
	if a.Via != nil {
		return a.Via.Origin
	}
	p := fset.Position(a.Pos)
	return fmt.Sprintf("%s:%d", baseName(p.Filename), p.Line)
}

func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}

// WhereColumn returns the binding of an equality predicate on col.
func (a *Access) WhereColumn(col string) (Binding, bool) {
	for _, w := range a.Where {
		if w.Column == col && (w.Op == "=" || w.Op == "IN" || w.Op == "= ANY") {
			return w, true
		}
	}
	return Binding{}, false
}

// SetColumn returns the assignment of col.
func (a *Access) SetColumn(col string) (Binding, bool) {
	for _, s := range a.Set {
		if s.Column == col {
			return s, true
		}
	}
	return Binding{}, false
}

// KeyColumns returns the columns of the access's equality predicates, in
// order: the key a read looks up or a write targets.
func (a *Access) KeyColumns() []string {
	var cols []string
	for _, w := range a.Where {
		if w.Column != "" && (w.Op == "=" || w.Op == "IN" || w.Op == "= ANY") {
			cols = append(cols, w.Column)
		}
	}
	return cols
}

// keySet is KeyColumns as a set.
func (a *Access) keySet() map[string]bool {
	keys := map[string]bool{}
	for _, k := range a.KeyColumns() {
		keys[k] = true
	}
	return keys
}

// String summarizes the access in one line, for the dump analyzer and
// tests: "select users where email=$email; found? err(database/sql.ErrNoRows)".
func (a *Access) String() string {
	var b strings.Builder
	b.WriteString(a.Kind.String())
	if a.Count {
		b.WriteString(" count")
	}
	if a.Exists {
		b.WriteString(" exists")
	}
	b.WriteByte(' ')
	if a.Table == "" {
		b.WriteString("?")
	} else {
		b.WriteString(a.Table)
	}
	writeBindings(&b, " set ", a.Set)
	writeBindings(&b, " where ", a.Where)
	if len(a.Rechecks) > 0 {
		b.WriteString(" where-some-paths " + strings.Join(a.Rechecks, ","))
	}
	writeBindings(&b, " where-if-set ", a.CondWhere)
	if len(a.Reads) > 0 {
		b.WriteString(" reads ")
		for i, r := range a.Reads {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(r.Column)
			b.WriteString("->")
			b.WriteString(r.Dest.String())
		}
	}
	if a.Lock != sqltext.LockNone {
		b.WriteString(" lock=" + lockNames[a.Lock])
	}
	if a.Conflict != sqltext.ConflictNone {
		b.WriteString(" conflict=" + conflictNames[a.Conflict])
		if len(a.ConflictTarget) > 0 {
			b.WriteString("(" + strings.Join(a.ConflictTarget, ",") + ")")
		}
		if a.Upsert != nil {
			b.WriteString(a.Upsert.String())
		}
	}
	for _, adv := range a.Advisory {
		b.WriteString(" advisory=" + adv.Func)
	}
	if a.Isolation != sqltext.IsolationNone {
		b.WriteString(" isolation=" + isolationNames[a.Isolation])
	}
	b.WriteString(" on ")
	b.WriteString(a.Handle.String())
	if a.Found.Signal != SignalNone {
		b.WriteString("; found? ")
		b.WriteString(a.Found.Signal.String())
		if a.Found.Negated {
			b.WriteString("(negated)")
		}
		if len(a.Found.Sentinels) > 0 {
			b.WriteString("(" + strings.Join(a.Found.Sentinels, ",") + ")")
		}
	}
	if a.Kind.IsWrite() {
		if a.RowsChecked {
			b.WriteString("; rows checked")
		} else if a.RowsReturned >= 0 {
			b.WriteString("; rows returned")
		}
		if a.UniqueHandled {
			b.WriteString("; unique handled")
		}
	}
	if a.Via != nil {
		b.WriteString("; via " + strings.Join(a.Via.Callees, "->") + " at " + a.Via.Origin)
	}
	if a.Heuristic {
		b.WriteString("; heuristic")
	}
	if a.Partial {
		b.WriteString("; partial")
	}
	if a.Alternatives > 0 {
		fmt.Fprintf(&b, "; one of %d", a.Alternatives)
	}
	// Unknown parts of the SQL (sqltext.Hole, a NUL byte) print as "…".
	return strings.ReplaceAll(b.String(), sqltext.Hole, "…")
}

func writeBindings(b *strings.Builder, label string, bs []Binding) {
	if len(bs) == 0 {
		return
	}
	b.WriteString(label)
	for i, x := range bs {
		if i > 0 {
			b.WriteByte(',')
		}
		if x.Fold != "" {
			b.WriteString(x.Fold + "(" + x.Column + ")")
		} else {
			b.WriteString(x.Column)
		}
		op := x.Op
		if op == "" {
			op = "="
		}
		if op[0] >= 'A' && op[0] <= 'Z' {
			op = " " + op + " "
		}
		b.WriteString(op)
		switch {
		case x.Class == sqltext.AssignAtomic:
			b.WriteString("atomic(" + x.Expr + ")")
		case !x.Value.IsZero():
			b.WriteString("$" + x.Value.String())
		case x.Const != "":
			b.WriteString(x.Const)
		case x.Expr != "":
			b.WriteString("{" + x.Expr + "}")
		default:
			b.WriteString("?")
		}
	}
}

var lockNames = [...]string{"", "update", "nokeyupdate", "share", "keyshare"}
var conflictNames = [...]string{"", "donothing", "doupdate", "ignore", "replace", "duplicatekeyupdate"}
var isolationNames = [...]string{"", "readuncommitted", "readcommitted", "repeatableread", "serializable"}
