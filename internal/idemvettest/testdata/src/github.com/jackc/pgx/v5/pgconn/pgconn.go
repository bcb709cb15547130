// Package pgconn is a stand-in for github.com/jackc/pgx/v5/pgconn with the
// declarations idemvet's tests use; the end-to-end module checks the model
// against the real package.
package pgconn

// CommandTag is the status text returned by PostgreSQL for a query.
type CommandTag struct{ s string }

// RowsAffected returns the number of rows affected.
func (ct CommandTag) RowsAffected() int64 { return 0 }

// String returns the tag text.
func (ct CommandTag) String() string { return ct.s }

// PgError is an error reported by the PostgreSQL server.
type PgError struct {
	Severity       string
	Code           string
	Message        string
	Detail         string
	ConstraintName string
}

func (pe *PgError) Error() string { return pe.Message }

// StatementDescription describes a prepared statement.
type StatementDescription struct {
	Name string
	SQL  string
}
