// Package dbcall defines an Analyzer that computes the database operations
// of every function of a package: idemvet's model of what code does to the
// database.
//
// It reports no diagnostics. Checkers use its Result:
//
//	db := pass.ResultOf[dbcall.Analyzer].(*dbcall.Result)
//	for _, fi := range db.Funcs {            // functions with accesses
//		for _, a := range fi.Accesses { // in instruction order
//			a.Kind, a.Table, a.Where, a.Set // select users where email = $email
//			a.Found                         // how the outcome tells "no row"
//			a.Handle                        // the pool or transaction it runs on
//		}
//	}
//	db.Decide(ifInstr)        // does this branch test whether a read found a row?
//	db.Sources(fn, value)     // which columns read from the database does a Go value come from?
//
// An Access is one operation: a library call executing SQL (database/sql,
// pgx v5, sqlx, scany, gorm chains and squirrel builders assembled into the statement they run,
// interfaces shaped like sqlc's DBTX), a go-redis command, a filesystem
// check or create, or a call of a function whose summary says it performs
// the operation. The SQL is resolved from constants, concatenation,
// fmt.Sprintf (unknown parts become sqltext.Hole), strings.Join over the
// pieces a function appends to a slice (partial when a piece is appended on
// some paths only), package variables,
// prepared statements (goyesql's, also when an importer hands them over in
// untagged fields of a struct: see namedinject.go) and sqlx.Rebind/In, and
// summarized by passes/sqltext. A SELECT joining tables is also a read of
// each joined table whose columns its WHERE compares (Access.JoinOf), with
// the statement's outcome.
// Each placeholder is bound to the Go value passed for it (a Ref: an SSA
// value and a field path), so "the same email" can be asked across a lookup
// and an insert. A squirrel Where added on some paths only is no
// condition where it stands (Access.Rechecks names its column); one added
// past a test of its own value against zero (if opts.Branch != "") is kept
// in Access.CondWhere, and becomes a WHERE conjunct at a call whose
// argument sets that field (Count(ctx, repo, &Filter{Branch: b})). Outcomes are tracked to how the code uses them: the error
// compared with sql.ErrNoRows, pgx.ErrNoRows, gorm.ErrRecordNotFound or an
// application's own sentinel; COUNT and EXISTS results; nil pointers a
// repository returns; the value a helper scanned and returns after
// swallowing sql.ErrNoRows (SELECT true, or a key: id, *_id), false, 0 or
// "" exactly when no row matched; the error a check returns that is nil only
// past its test on the not-found side (a validation helper refusing "already
// refunded": SignalRefuse); rows affected, compared or returned; unique-violation
// tests (*pgconn.PgError, *pq.Error, *mysql.MySQLError, sqlite errors,
// gorm.ErrDuplicatedKey, go-mysql/errors' ErrDupeKey through its Error
// mapping, helpers recognized by their summaries).
//
// An insert's conflict handling is modeled in full (Access.Upsert): the
// target columns or constraint and the target's WHERE, the action, each DO
// UPDATE assignment classified by where its value comes from (the proposed
// row, the existing value combined with it, a constant, a placeholder),
// DO UPDATE's WHERE, and, with Access.Inserted, what the insert gives each
// column (a constant, an application value, the default). gorm's
// clause.OnConflict{Columns, DoNothing, DoUpdates, UpdateAll, Where,
// OnConstraint} is assembled into the clause gorm writes, with
// clause.AssignmentColumns, clause.Assignments, clause.Set literals and
// gorm.Expr values, and UpdateAll targeting the primary key.
//
// Facts make the model modular. Each function gets a summary (a fact) of
// the operations it performs, in terms of its parameters and results —
// "reads users where email = parameter 2, found reported by result 1 being
// ErrNotFound; inserts users with email = field Email of parameter 2" — so
// a service calling a repository in another package sees the repository's
// operations at its call, with its own arguments bound. Summaries also
// record constructors (New(db) returning &Queries{db: db}, WithTx, and the
// key fields of a copy of a parameter the function writes by that key and
// returns: UpdateOptLock's dup := *repo, written WHERE id = dup.ID), so a
// handle or a key resolves through them; executor wrappers (a function running the
// SQL text it is given, or the statement of the query builder it is given:
// navidrome's executeSQL(sq squirrel.Sqlizer) rendering sq.ToSql() and
// running it on pocketbase/dbx, whose calls read the caller's builder);
// model wrappers (a function passing its interface{}
// parameter on as the model of an ORM write, with its variadic names as
// the column list: UpdateOnly(model interface{}, includeColumns ...string)
// built on pop's Update or UpdateColumns), whose calls are the write on the
// caller's model and columns; and error predicates (isNotFound(err),
// isUniqueViolation(err)). Functions whose first result holds a value
// minted on each call get a fact too, read from their syntax in any
// package of the module (a domain constructor setting ID:
// uuid.NewString(), a helper returning one): Result.Minted, so a key
// bound from domain.NewOrder(...).ID is fresh, not the arguments'.
//
// Calls through interfaces are summarized from the implementations the
// package can see: methods of its own types, and methods with summaries in
// the packages it imports whose receivers implement the interface (a
// method promoted from an interface field the implementation embeds runs
// that field's implementations: an executor embedding the queries'
// interface); in a standalone run, also the methods of the packages main
// wires in (see the README: the driver makes a package naming D.T inherit
// the facts of the run's packages returning D.T). When none is visible — a service declares a repository interface and main
// wires in an implementation from a package the service does not import —
// the access is inferred from the method's name and arguments:
// GetUserByEmail(ctx, email) reads users by email, CreateUser(ctx, u)
// inserts into users with u's fields, UserExistsByEmail and CountUsersByX
// read by key. Such accesses are marked Heuristic; checkers require the
// values bound to agree before they report on them.
//
// The standard library and the libraries described by passes/apis are
// never analyzed, and packages importing no database library and no
// package with summaries get no SSA. The API knowledge lives in
// passes/apis.
package dbcall
