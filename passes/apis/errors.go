package apis

// NotFoundErrors lists the sentinel errors, by full variable name, that a
// library returns when a query matched no row.
var NotFoundErrors = map[string]bool{
	"database/sql.ErrNoRows":                             true,
	"github.com/jackc/pgx/v5.ErrNoRows":                  true,
	"gorm.io/gorm.ErrRecordNotFound":                     true,
	"gorm.io/gorm/logger.ErrRecordNotFound":              true,
	"github.com/georgysavva/scany/v2/dbscan.ErrNotFound": true,
}

// ErrorPassThrough are functions returning their error argument (by
// index) wrapped, or unwrapped to the error below every wrapper: what the
// argument says of a query's outcome, their result says too
// (errors.Cause(err) == sql.ErrNoRows, as pop's users write it;
// errors.Wrap(err, "...") tested after).
var ErrorPassThrough = map[string]int{
	"github.com/pkg/errors.Cause":        0,
	"github.com/pkg/errors.Wrap":         0,
	"github.com/pkg/errors.Wrapf":        0,
	"github.com/pkg/errors.WithStack":    0,
	"github.com/pkg/errors.WithMessage":  0,
	"github.com/pkg/errors.WithMessagef": 0,
}

// UniqueViolationErrors lists sentinel errors that mean a unique constraint
// rejected a write.
var UniqueViolationErrors = map[string]bool{
	"gorm.io/gorm.ErrDuplicatedKey":         true,
	"github.com/go-mysql/errors.ErrDupeKey": true,
}

// ErrorMappers are library functions that map a driver's error to a
// sentinel of their own, returned as the result at the index: a test of
// that result against a unique-violation sentinel tests the error given
// (go-mysql/errors: ok, myerr := my.Error(err); errors.Is(myerr,
// my.ErrDupeKey)).
var ErrorMappers = map[string]int{
	"github.com/go-mysql/errors.Error": 1,
}

// UniqueViolationPredicates are library functions of an error that report
// whether a unique constraint rejected the write (zdb.ErrUnique).
var UniqueViolationPredicates = map[string]bool{}

// DriverError describes a driver's error type and how it reports a unique
// violation: the field (or method) holding the code, and the values that
// mean "unique violation".
type DriverError struct {
	Type   string   // full type name of the (pointer-free) error type
	Field  string   // field or niladic method carrying the code
	Unique []string // constant values (as Go source would spell them, unquoted) meaning unique violation
}

// DriverErrors lists the driver error types that carry SQLSTATE-like codes.
var DriverErrors = []DriverError{
	{Type: "github.com/jackc/pgx/v5/pgconn.PgError", Field: "Code", Unique: []string{"23505"}},
	{Type: "github.com/jackc/pgconn.PgError", Field: "Code", Unique: []string{"23505"}},
	{Type: "github.com/lib/pq.Error", Field: "Code", Unique: []string{"23505", "unique_violation"}},
	{Type: "github.com/go-sql-driver/mysql.MySQLError", Field: "Number", Unique: []string{"1062", "1586"}},
	{Type: "github.com/mattn/go-sqlite3.Error", Field: "ExtendedCode", Unique: []string{"2067", "1555"}},
	{Type: "modernc.org/sqlite.Error", Field: "Code", Unique: []string{"2067", "1555"}},
}

// UniqueViolationCodeVars lists package-level variables holding a
// unique-violation code (constants are recognized by value).
var UniqueViolationCodeVars = map[string]bool{
	"github.com/lib/pq/pqerror.UniqueViolation": true,
}

// UniqueViolationWords are substrings whose test against err.Error() is a
// (brittle but common) unique-violation test.
var UniqueViolationWords = []string{"duplicate", "unique", "23505", "1062", "already exists"}

// IsolationSerializable lists the constants that select SERIALIZABLE.
var IsolationSerializable = map[string]bool{
	"database/sql.LevelSerializable":       true,
	"github.com/jackc/pgx/v5.Serializable": true,
}

// StringFolds are the functions that normalize a string key in Go before
// it is looked up or stored (a name kept unique by its lower-case form):
// the key a lookup of strings.ToLower(name) checks is the one an insert of
// another strings.ToLower(name) writes.
var StringFolds = map[string]bool{
	"strings.ToLower":   true,
	"strings.ToUpper":   true,
	"strings.TrimSpace": true,
}

// Comparators are methods comparing their receiver with their argument,
// by full name, and the Go operator each one is: money and counts held as
// arbitrary-precision decimals (shopspring/decimal, the fork cockroachdb
// apd users rarely need) are compared by method, not with <.
//
//	if w.Balance.LessThan(amount) { return ErrInsufficient }   // w.Balance < amount
var Comparators = map[string]string{
	"(github.com/shopspring/decimal.Decimal).LessThan":           "<",
	"(github.com/shopspring/decimal.Decimal).LessThanOrEqual":    "<=",
	"(github.com/shopspring/decimal.Decimal).GreaterThan":        ">",
	"(github.com/shopspring/decimal.Decimal).GreaterThanOrEqual": ">=",
	"(github.com/shopspring/decimal.Decimal).Equal":              "==",
	"(github.com/shopspring/decimal.Decimal).Equals":             "==",
}
