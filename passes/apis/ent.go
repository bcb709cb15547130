package apis

// EntPkg is entgo.io/ent's import path. ent's clients are generated into
// the application's module, so they are known by shape, not by name: a
// package importing entgo.io/ent that declares Client, Tx, NotFoundError
// and ConstraintError is an ent client package (see dbcall's ent.go), its
// <Entity>Query, <Entity>Create, ... types are builders, and its
// <entity> packages hold the Table and Field<Name> constants and the
// predicates.
const EntPkg = "entgo.io/ent"

// EntClientTypes are the types that identify a generated ent package.
var EntClientTypes = []string{"Client", "Tx", "NotFoundError", "ConstraintError"}

// EntBuilders maps the suffix of a generated builder type's name (after
// the entity's name) to the statement it runs: "select", "insert",
// "update" (many rows, Save returns the count), "updateone" (one row, a
// NotFoundError when none matched), "delete", "deleteone", "upsert" (an
// insert with ON CONFLICT).
var EntBuilders = map[string]string{
	"Query":      "select",
	"Create":     "insert",
	"CreateBulk": "insertbulk",
	"UpsertOne":  "upsert",
	"UpsertBulk": "upsertbulk",
	"Update":     "update",
	"UpdateOne":  "updateone",
	"Delete":     "delete",
	"DeleteOne":  "deleteone",
}

// EntClientMethods are the methods of a generated <Entity>Client that
// start a builder; the ones taking an id or an entity target its row.
var EntClientMethods = map[string]string{
	"Query": "select", "Create": "insert", "Update": "update", "UpdateOne": "updateone",
	"UpdateOneID": "updateone", "Delete": "delete", "DeleteOne": "deleteone", "DeleteOneID": "deleteone",
	"Get": "get", "CreateBulk": "insertbulk",
}

// EntFinishers are the builder methods that run the statement, with what
// their results carry: "one" (*Entity, error; NotFoundError when none),
// "all" ([]*Entity, error), "count" (int, error), "exist" (bool, error),
// "id" (id, error; NotFoundError when none), "ids", "err" (error only),
// "rows" (int affected, error).
var EntFinishers = map[string]map[string]string{
	"select": {"First": "one", "Only": "one", "FirstID": "id", "OnlyID": "id", "All": "all", "IDs": "ids", "Count": "count", "Exist": "exist", "CountX": "countx", "ExistX": "existx", "AllX": "allx"},
	"insert": {"Save": "one", "Exec": "err", "SaveX": "x", "ExecX": "x"},
	"upsert": {"Exec": "err", "ID": "id", "ExecX": "x", "IDX": "x"},
	// CreateBulk(builders...): one INSERT of the rows the builders make,
	// Save returning the entities.
	"insertbulk": {"Save": "saved", "Exec": "err", "SaveX": "x", "ExecX": "x"},
	"upsertbulk": {"Exec": "err", "ExecX": "x"},
	"update":     {"Save": "rows", "Exec": "err", "SaveX": "rowsx", "ExecX": "x"},
	"updateone":  {"Save": "one", "Exec": "err", "SaveX": "x", "ExecX": "x"},
	"delete":     {"Exec": "rows", "ExecX": "rowsx"},
	"deleteone":  {"Exec": "err", "ExecX": "x"},
}

// EntPredicateOps maps the suffixes of generated predicates
// (member.EmailEQ, member.CreditsGT, ...) to the comparison; a predicate
// named after the field alone (member.Email(v), member.ID(id)) is "=".
// Longer suffixes come first where one ends another.
var EntPredicateOps = []struct{ Suffix, Op string }{
	{"EqualFold", "EQUALFOLD"}, {"ContainsFold", "LIKE"}, {"HasPrefix", "LIKE"}, {"HasSuffix", "LIKE"}, {"Contains", "LIKE"},
	{"NotIn", "NOT IN"}, {"IsNil", "IS NULL"}, {"NotNil", "IS NOT NULL"},
	{"NEQ", "<>"}, {"GTE", ">="}, {"LTE", "<="}, {"EQ", "="}, {"GT", ">"}, {"LT", "<"}, {"In", "IN"},
}

// Ent's generated error predicates, by name, in the client package.
const (
	EntIsNotFound        = "IsNotFound"
	EntIsConstraintError = "IsConstraintError"
)
