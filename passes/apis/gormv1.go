package apis

// GormV1Pkg is jinzhu/gorm's import path: gorm v1, whose *DB chain API
// GormMethods describes with gorm v2's, except that Update and
// UpdateColumn take their column and value as ...interface{}, there are no
// clauses, and options set with Set carry the locking and conflict clauses.
const GormV1Pkg = "github.com/jinzhu/gorm"

// Gorm v1's names beyond the chain methods.
const (
	GormV1ExprFunc = GormV1Pkg + ".Expr" // gorm.Expr("stock - ?", n), a *SqlExpr
	GormV1NotFound = GormV1Pkg + ".ErrRecordNotFound"
	// GormV1RecordNotFound is the *DB method that reports whether the
	// statement found no record (db.First(&u).RecordNotFound()).
	GormV1RecordNotFound = "RecordNotFound"
)

// GormV1Options maps the Set("gorm:...", sql) options gorm v1 appends to
// the statement it builds to the statement kind they belong to:
//
//	db.Set("gorm:query_option", "FOR UPDATE").First(&acct)
//	db.Set("gorm:insert_option", "ON CONFLICT (email) DO NOTHING").Create(&u)
var GormV1Options = map[string]string{
	"gorm:query_option":  "select",
	"gorm:insert_option": "insert",
	"gorm:update_option": "update",
	"gorm:delete_option": "delete",
}

// NotFoundPredicates are library functions of an error that report
// whether it means "no row" (gorm v1's IsRecordNotFoundError).
var NotFoundPredicates = map[string]bool{
	GormV1Pkg + ".IsRecordNotFoundError": true,
}

func init() {
	NotFoundErrors[GormV1NotFound] = true
}

func init() {
	SyncRunners["(*"+GormV1Pkg+".DB).Transaction"] = 0
}
