package apis

import "strings"

// PopPkg is github.com/gobuffalo/pop/v6's import path.
const PopPkg = "github.com/gobuffalo/pop/v6"

// PopHandles are pop's types whose methods build or run a statement:
// *Connection (the pool, or a transaction: each query method starts a new
// *Query on it) and *Query (its methods change it in place and return it;
// its conditions stay for every finisher run on it).
var PopHandles = map[string]bool{"Connection": true, "Query": true}

// PopMethods maps the methods of Connection and Query that add to the
// statement, by name, to what they add. Where(stmt, args...) is a
// condition with ? placeholders; RawQuery(sql, args...) is the whole
// statement; Select(fields...) the columns read; Scope and BelongsTo add
// conditions the model cannot read.
var PopMethods = map[string]BuilderMethod{
	"Where":              {Part: PartWhere},
	"RawQuery":           {Part: PartStatement},
	"Select":             {Part: PartColumns},
	"Q":                  {Part: PartKeep},
	"WithContext":        {Part: PartKeep},
	"Eager":              {Part: PartKeep},
	"EagerPreload":       {Part: PartKeep},
	"Order":              {Part: PartKeep},
	"Limit":              {Part: PartKeep},
	"Paginate":           {Part: PartKeep},
	"PaginateFromParams": {Part: PartKeep},
	"GroupBy":            {Part: PartKeep},
	"Having":             {Part: PartKeep},
	"Scope":              {Part: PartUnknown, Kind: "scope"},
	"BelongsTo":          {Part: PartUnknown, Kind: "belongs_to"},
	"BelongsToAs":        {Part: PartUnknown, Kind: "belongs_to"},
	"BelongsToThrough":   {Part: PartUnknown, Kind: "belongs_to"},
	"Join":               {Part: PartJoin},
	"InnerJoin":          {Part: PartJoin},
	"LeftJoin":           {Part: PartJoin},
	"LeftOuterJoin":      {Part: PartJoin},
	"RightJoin":          {Part: PartJoin},
	"RightOuterJoin":     {Part: PartJoin},
}

// PopFinishers are the methods of Connection and Query that run the
// statement, with its kind, and what they return:
//
//	Find(model, id any) error                  SELECT ... WHERE id = ? LIMIT 1; sql.ErrNoRows
//	First(model any) error, Last(model any)    the query's row; sql.ErrNoRows
//	Reload(model any) error                    the model's row again, by its ID
//	All(models any) error                      every row into the slice
//	Exists(model any) (bool, error)
//	Count(model any) (int, error), CountByField
//	Create(model, excludeColumns ...string) error
//	ValidateAndCreate(model, excludeColumns ...string) (*validate.Errors, error)
//	Update(model, excludeColumns ...string) error     every column but id, created_at
//	UpdateColumns(model, columnNames ...string) error the named columns, WHERE id
//	UpdateQuery(model, columnNames ...string) (int64, error)   WHERE the query's conditions
//	Save(model, excludeColumns ...string) error       Create when the ID is zero, else Update
//	Destroy(model any) error                          DELETE WHERE id
//	Delete(model any) error                           DELETE WHERE the query's conditions
//	Exec() error, ExecWithCount() (int, error)        a RawQuery's statement; the count of rows affected
//
// Update, UpdateColumns and UpdateQuery set updated_at when the model has
// an UpdatedAt field; pop has no version check of its own.
var PopFinishers = map[string]string{
	"Find":              "find",
	"Reload":            "reload",
	"First":             "select",
	"Last":              "select",
	"All":               "select",
	"Exists":            "exists",
	"Count":             "count",
	"CountByField":      "count",
	"Create":            "insert",
	"ValidateAndCreate": "insert",
	"Update":            "update",
	"ValidateAndUpdate": "update",
	"UpdateColumns":     "columns",
	"UpdateQuery":       "updatequery",
	"Save":              "save",
	"ValidateAndSave":   "save",
	"Destroy":           "delete",
	"Delete":            "delete",
	"Exec":              "raw",
	"ExecWithCount":     "raw",
}

// PopTag is the struct tag key of pop's columns: `db:"email"`; "-" skips
// the field, and a field with none of pop's tags is the column of its Go
// name.
const PopTag = "db"

// PopRelationTags are pop's association tags: a field with one of them and
// no db tag is no column.
var PopRelationTags = []string{"has_many", "has_one", "belongs_to", "many_to_many", "fk_id", "primary_id", "order_by", "rw", "select"}

// PopTxField is the field of *pop.Connection holding its transaction
// (c.TX, a *pop.Tx embedding *sqlx.Tx): its Commit and Rollback end the
// transaction NewTransaction began.
const PopTxField = "TX"

func init() {
	// Transaction runs its callback on a connection inside a transaction,
	// committed when it returns nil (func(tx *pop.Connection) error);
	// Rollback runs it inside one that is always rolled back;
	// NewTransaction returns a connection on a new transaction, ended by
	// tx.TX.Commit() or tx.TX.Rollback().
	c := "(*" + PopPkg + ".Connection)."
	add(c+"Transaction", m(LibPop, OpTxFunc, -1, -1).fn(0).txArg(0))
	add(c+"Rollback", m(LibPop, OpTxFunc, -1, -1).fn(0).txArg(0))
	add(c+"NewTransaction", m(LibPop, OpBegin, -1, -1))
	add(c+"NewTransactionContext", m(LibPop, OpBegin, -1, -1))
	add(c+"NewTransactionContextOptions", m(LibPop, OpBegin, -1, -1).opts(1))
	SyncRunners[c+"Transaction"] = 0
	SyncRunners[c+"Rollback"] = 0
}

// PopQuote reports pop's dialect method quoting an identifier
// (conn.Dialect.Quote(model.TableName()), declared by pop's quotable
// interface): the name it returns is the name given, quoted for the
// dialect.
func PopQuote(fullName string) bool {
	return strings.HasPrefix(fullName, "("+PopPkg+".") && strings.HasSuffix(fullName, ").Quote")
}
