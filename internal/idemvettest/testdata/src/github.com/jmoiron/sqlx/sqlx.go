// Package sqlx is a stand-in for github.com/jmoiron/sqlx.
package sqlx

import (
	"context"
	"database/sql"
)

type DB struct {
	*sql.DB
	driverName string
}

type Tx struct {
	*sql.Tx
	driverName string
}

type Conn struct{ *sql.Conn }

type Row struct{ err error }

func (r *Row) Scan(dest ...interface{}) error    { return r.err }
func (r *Row) StructScan(dest interface{}) error { return r.err }

type Rows struct{ *sql.Rows }

func (r *Rows) StructScan(dest interface{}) error { return nil }

type Stmt struct{ *sql.Stmt }

type NamedStmt struct{}

func (n *NamedStmt) Exec(arg interface{}) (sql.Result, error) { return nil, nil }
func (n *NamedStmt) ExecContext(ctx context.Context, arg interface{}) (sql.Result, error) {
	return nil, nil
}

func Open(driverName, dataSourceName string) (*DB, error)    { return &DB{}, nil }
func Connect(driverName, dataSourceName string) (*DB, error) { return &DB{}, nil }
func NewDb(db *sql.DB, driverName string) *DB                { return &DB{DB: db} }

func (db *DB) Rebind(query string) string                                       { return query }
func (db *DB) NamedQuery(query string, arg interface{}) (*Rows, error)          { return nil, nil }
func (db *DB) NamedExec(query string, arg interface{}) (sql.Result, error)      { return nil, nil }
func (db *DB) Select(dest interface{}, query string, args ...interface{}) error { return nil }
func (db *DB) Get(dest interface{}, query string, args ...interface{}) error    { return nil }
func (db *DB) MustBegin() *Tx                                                   { return nil }
func (db *DB) Beginx() (*Tx, error)                                             { return nil, nil }
func (db *DB) Queryx(query string, args ...interface{}) (*Rows, error)          { return nil, nil }
func (db *DB) QueryRowx(query string, args ...interface{}) *Row                 { return nil }
func (db *DB) MustExec(query string, args ...interface{}) sql.Result            { return nil }
func (db *DB) Preparex(query string) (*Stmt, error)                             { return nil, nil }
func (db *DB) NamedQueryContext(ctx context.Context, query string, arg interface{}) (*Rows, error) {
	return nil, nil
}
func (db *DB) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}
func (db *DB) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (db *DB) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (db *DB) PreparexContext(ctx context.Context, query string) (*Stmt, error) { return nil, nil }
func (db *DB) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}
func (db *DB) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return nil
}
func (db *DB) MustBeginTx(ctx context.Context, opts *sql.TxOptions) *Tx { return nil }
func (db *DB) MustExecContext(ctx context.Context, query string, args ...interface{}) sql.Result {
	return nil
}
func (db *DB) BeginTxx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) { return nil, nil }

func (tx *Tx) Rebind(query string) string                                       { return query }
func (tx *Tx) NamedQuery(query string, arg interface{}) (*Rows, error)          { return nil, nil }
func (tx *Tx) NamedExec(query string, arg interface{}) (sql.Result, error)      { return nil, nil }
func (tx *Tx) Select(dest interface{}, query string, args ...interface{}) error { return nil }
func (tx *Tx) Queryx(query string, args ...interface{}) (*Rows, error)          { return nil, nil }
func (tx *Tx) QueryRowx(query string, args ...interface{}) *Row                 { return nil }
func (tx *Tx) Get(dest interface{}, query string, args ...interface{}) error    { return nil }
func (tx *Tx) MustExec(query string, args ...interface{}) sql.Result            { return nil }
func (tx *Tx) Preparex(query string) (*Stmt, error)                             { return nil, nil }
func (tx *Tx) PreparexContext(ctx context.Context, query string) (*Stmt, error) { return nil, nil }
func (tx *Tx) MustExecContext(ctx context.Context, query string, args ...interface{}) sql.Result {
	return nil
}
func (tx *Tx) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}
func (tx *Tx) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (tx *Tx) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (tx *Tx) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return nil
}
func (tx *Tx) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}

func In(query string, args ...interface{}) (string, []interface{}, error) { return query, args, nil }

// Bind types of Rebind.
const (
	UNKNOWN = iota
	QUESTION
	DOLLAR
	NAMED
	AT
)

func Rebind(bindType int, query string) string { return query }

func (s *Stmt) Get(dest interface{}, args ...interface{}) error { return nil }
func (s *Stmt) GetContext(ctx context.Context, dest interface{}, args ...interface{}) error {
	return nil
}
func (s *Stmt) Select(dest interface{}, args ...interface{}) error { return nil }
func (s *Stmt) QueryRowx(args ...interface{}) *Row                 { return nil }
func (s *Stmt) Queryx(args ...interface{}) (*Rows, error)          { return nil, nil }
func (s *Stmt) MustExec(args ...interface{}) sql.Result            { return nil }

// Stmtx returns the prepared statement (a *Stmt or *sql.Stmt) rebound to
// the transaction.
func (tx *Tx) Stmtx(stmt interface{}) *Stmt {
	switch v := stmt.(type) {
	case *Stmt:
		return &Stmt{Stmt: tx.Stmt(v.Stmt)}
	case *sql.Stmt:
		return &Stmt{Stmt: tx.Stmt(v)}
	}
	return nil
}
func (tx *Tx) StmtxContext(ctx context.Context, stmt interface{}) *Stmt { return tx.Stmtx(stmt) }

func (s *Stmt) SelectContext(ctx context.Context, dest interface{}, args ...interface{}) error {
	return nil
}

func (db *DB) PrepareNamed(query string) (*NamedStmt, error) { return nil, nil }
func (db *DB) PrepareNamedContext(ctx context.Context, query string) (*NamedStmt, error) {
	return nil, nil
}
func (tx *Tx) PrepareNamed(query string) (*NamedStmt, error) { return nil, nil }
func (tx *Tx) NamedStmt(stmt *NamedStmt) *NamedStmt          { return stmt }
func (tx *Tx) NamedStmtContext(ctx context.Context, stmt *NamedStmt) *NamedStmt {
	return stmt
}

func (n *NamedStmt) Get(dest interface{}, arg interface{}) error    { return nil }
func (n *NamedStmt) Select(dest interface{}, arg interface{}) error { return nil }
func (n *NamedStmt) QueryRowx(arg interface{}) *Row                 { return nil }
func (n *NamedStmt) GetContext(ctx context.Context, dest interface{}, arg interface{}) error {
	return nil
}
func (n *NamedStmt) SelectContext(ctx context.Context, dest interface{}, arg interface{}) error {
	return nil
}

func (db *DB) DriverName() string { return db.driverName }
func (tx *Tx) DriverName() string { return tx.driverName }

func (db *DB) BindNamed(query string, arg interface{}) (string, []interface{}, error) {
	return query, nil, nil
}
func (tx *Tx) BindNamed(query string, arg interface{}) (string, []interface{}, error) {
	return query, nil, nil
}

// Named and BindNamed rewrite a query's :name parameters into placeholders
// and return the argument's fields for them.
func Named(query string, arg interface{}) (string, []interface{}, error) { return query, nil, nil }
func BindNamed(bindType int, query string, arg interface{}) (string, []interface{}, error) {
	return query, nil, nil
}

type binder interface {
	DriverName() string
	Rebind(string) string
	BindNamed(string, interface{}) (string, []interface{}, error)
}

type QueryerContext interface {
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error)
	QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row
}

type ExecerContext interface {
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
}

// ExtContext is a union interface which can bind, query, and exec, with Context.
type ExtContext interface {
	binder
	QueryerContext
	ExecerContext
}
