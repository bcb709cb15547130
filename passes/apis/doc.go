// Package apis holds idemvet's knowledge of library APIs as data.
//
// It is a plain library, not an analyzer: tables keyed by the full name of a
// function or method as types.Func.FullName spells it
// ("(*database/sql.DB).QueryRowContext", "github.com/jackc/pgx/v5.BeginFunc"),
// and predicates over go/types for the shapes that cannot be keyed by name
// (an application's or sqlc's DBTX interface). The passes under passes/ read
// these tables; checkers never do. Adding a library means adding rows here and
// a case to the end-to-end module that compiles against the real library, so
// a row that drifts from the real API fails a test.
package apis
