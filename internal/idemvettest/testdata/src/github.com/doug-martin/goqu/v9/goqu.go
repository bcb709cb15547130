// Package goqu is a stand-in for github.com/doug-martin/goqu/v9 with the
// real signatures of the calls the model reads.
package goqu

import (
	"context"
	"database/sql"

	"github.com/doug-martin/goqu/v9/exec"
	"github.com/doug-martin/goqu/v9/exp"
)

type (
	Expression = exp.Expression
	Ex         = exp.Ex
	ExOr       = exp.ExOr
	Op         = exp.Op
	Record     = exp.Record
	Vals       = exp.Vals
)

const (
	Wait       = exp.Wait
	NoWait     = exp.NoWait
	SkipLocked = exp.SkipLocked
)

type SQLDatabase interface {
	Begin() (*sql.Tx, error)
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...interface{}) *sql.Row
}

type DialectWrapper struct{ dialect string }

func Dialect(dialect string) DialectWrapper                         { return DialectWrapper{dialect} }
func (dw DialectWrapper) From(table ...interface{}) *SelectDataset  { return nil }
func (dw DialectWrapper) Select(cols ...interface{}) *SelectDataset { return nil }
func (dw DialectWrapper) Update(table interface{}) *UpdateDataset   { return nil }
func (dw DialectWrapper) Insert(table interface{}) *InsertDataset   { return nil }
func (dw DialectWrapper) Delete(table interface{}) *DeleteDataset   { return nil }
func (dw DialectWrapper) DB(db SQLDatabase) *Database               { return &Database{} }

func New(dialect string, db SQLDatabase) *Database { return &Database{} }

func From(table ...interface{}) *SelectDataset  { return nil }
func Select(cols ...interface{}) *SelectDataset { return nil }
func Insert(table interface{}) *InsertDataset   { return nil }
func Update(table interface{}) *UpdateDataset   { return nil }
func Delete(table interface{}) *DeleteDataset   { return nil }

func C(col string) exp.IdentifierExpression                   { return nil }
func I(ident string) exp.IdentifierExpression                 { return nil }
func T(table string) exp.IdentifierExpression                 { return nil }
func L(sql string, args ...interface{}) exp.LiteralExpression { return nil }
func Literal(sql string, args ...interface{}) exp.LiteralExpression {
	return nil
}
func V(val interface{}) exp.LiteralExpression                                 { return nil }
func Star() exp.LiteralExpression                                             { return nil }
func COUNT(col interface{}) exp.SQLFunctionExpression                         { return nil }
func And(expressions ...exp.Expression) exp.ExpressionList                    { return nil }
func Or(expressions ...exp.Expression) exp.ExpressionList                     { return nil }
func On(expressions ...exp.Expression) exp.JoinCondition                      { return nil }
func DoNothing() exp.ConflictExpression                                       { return nil }
func DoUpdate(target string, update interface{}) exp.ConflictUpdateExpression { return nil }

type Database struct{ db SQLDatabase }

func (d *Database) Begin() (*TxDatabase, error) { return &TxDatabase{}, nil }
func (d *Database) BeginTx(ctx context.Context, opts *sql.TxOptions) (*TxDatabase, error) {
	return &TxDatabase{}, nil
}
func (d *Database) WithTx(fn func(*TxDatabase) error) error                    { return fn(&TxDatabase{}) }
func (d *Database) From(from ...interface{}) *SelectDataset                    { return nil }
func (d *Database) Select(cols ...interface{}) *SelectDataset                  { return nil }
func (d *Database) Update(table interface{}) *UpdateDataset                    { return nil }
func (d *Database) Insert(table interface{}) *InsertDataset                    { return nil }
func (d *Database) Delete(table interface{}) *DeleteDataset                    { return nil }
func (d *Database) Exec(query string, args ...interface{}) (sql.Result, error) { return nil, nil }
func (d *Database) ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error) {
	return nil, nil
}
func (d *Database) Query(query string, args ...interface{}) (*sql.Rows, error) { return nil, nil }
func (d *Database) QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error) {
	return nil, nil
}
func (d *Database) QueryRow(query string, args ...interface{}) *sql.Row { return nil }
func (d *Database) QueryRowContext(ctx context.Context, query string, args ...interface{}) *sql.Row {
	return nil
}
func (d *Database) ScanStruct(i interface{}, query string, args ...interface{}) (bool, error) {
	return false, nil
}

type TxDatabase struct{ tx *sql.Tx }

func (td *TxDatabase) From(cols ...interface{}) *SelectDataset                    { return nil }
func (td *TxDatabase) Select(cols ...interface{}) *SelectDataset                  { return nil }
func (td *TxDatabase) Update(table interface{}) *UpdateDataset                    { return nil }
func (td *TxDatabase) Insert(table interface{}) *InsertDataset                    { return nil }
func (td *TxDatabase) Delete(table interface{}) *DeleteDataset                    { return nil }
func (td *TxDatabase) Exec(query string, args ...interface{}) (sql.Result, error) { return nil, nil }
func (td *TxDatabase) ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error) {
	return nil, nil
}
func (td *TxDatabase) QueryRowContext(ctx context.Context, query string, args ...interface{}) *sql.Row {
	return nil
}
func (td *TxDatabase) Commit() error              { return nil }
func (td *TxDatabase) Rollback() error            { return nil }
func (td *TxDatabase) Wrap(fn func() error) error { return fn() }

type SelectDataset struct{ prepared bool }

func (sd *SelectDataset) Prepared(prepared bool) *SelectDataset              { return sd }
func (sd *SelectDataset) Select(selects ...interface{}) *SelectDataset       { return sd }
func (sd *SelectDataset) From(from ...interface{}) *SelectDataset            { return sd }
func (sd *SelectDataset) Where(expressions ...exp.Expression) *SelectDataset { return sd }
func (sd *SelectDataset) Join(table exp.Expression, c exp.JoinCondition) *SelectDataset {
	return sd
}
func (sd *SelectDataset) ForUpdate(w exp.WaitOption, of ...exp.IdentifierExpression) *SelectDataset {
	return sd
}
func (sd *SelectDataset) ForShare(w exp.WaitOption, of ...exp.IdentifierExpression) *SelectDataset {
	return sd
}
func (sd *SelectDataset) Order(order ...exp.OrderedExpression) *SelectDataset { return sd }
func (sd *SelectDataset) Limit(limit uint) *SelectDataset                     { return sd }
func (sd *SelectDataset) Offset(offset uint) *SelectDataset                   { return sd }
func (sd *SelectDataset) ToSQL() (string, []interface{}, error)               { return "", nil, nil }
func (sd *SelectDataset) Executor() exec.QueryExecutor                        { return exec.QueryExecutor{} }
func (sd *SelectDataset) ScanStructs(i interface{}) error                     { return nil }
func (sd *SelectDataset) ScanStructsContext(ctx context.Context, i interface{}) error {
	return nil
}
func (sd *SelectDataset) ScanStruct(i interface{}) (bool, error) { return false, nil }
func (sd *SelectDataset) ScanStructContext(ctx context.Context, i interface{}) (bool, error) {
	return false, nil
}
func (sd *SelectDataset) ScanVals(i interface{}) error        { return nil }
func (sd *SelectDataset) ScanVal(i interface{}) (bool, error) { return false, nil }
func (sd *SelectDataset) ScanValContext(ctx context.Context, i interface{}) (bool, error) {
	return false, nil
}
func (sd *SelectDataset) Count() (int64, error)                           { return 0, nil }
func (sd *SelectDataset) CountContext(ctx context.Context) (int64, error) { return 0, nil }
func (sd *SelectDataset) Pluck(i interface{}, col string) error           { return nil }

type InsertDataset struct{}

func (id *InsertDataset) Prepared(prepared bool) *InsertDataset                     { return id }
func (id *InsertDataset) Into(into interface{}) *InsertDataset                      { return id }
func (id *InsertDataset) Cols(cols ...interface{}) *InsertDataset                   { return id }
func (id *InsertDataset) Vals(vals ...[]interface{}) *InsertDataset                 { return id }
func (id *InsertDataset) Rows(rows ...interface{}) *InsertDataset                   { return id }
func (id *InsertDataset) Returning(returning ...interface{}) *InsertDataset         { return id }
func (id *InsertDataset) OnConflict(conflict exp.ConflictExpression) *InsertDataset { return id }
func (id *InsertDataset) ToSQL() (string, []interface{}, error)                     { return "", nil, nil }
func (id *InsertDataset) Executor() exec.QueryExecutor                              { return exec.QueryExecutor{} }

type UpdateDataset struct{}

func (ud *UpdateDataset) Prepared(prepared bool) *UpdateDataset              { return ud }
func (ud *UpdateDataset) Table(table interface{}) *UpdateDataset             { return ud }
func (ud *UpdateDataset) Set(values interface{}) *UpdateDataset              { return ud }
func (ud *UpdateDataset) Where(expressions ...exp.Expression) *UpdateDataset { return ud }
func (ud *UpdateDataset) Returning(returning ...interface{}) *UpdateDataset  { return ud }
func (ud *UpdateDataset) Limit(limit uint) *UpdateDataset                    { return ud }
func (ud *UpdateDataset) ToSQL() (string, []interface{}, error)              { return "", nil, nil }
func (ud *UpdateDataset) Executor() exec.QueryExecutor                       { return exec.QueryExecutor{} }

type DeleteDataset struct{}

func (dd *DeleteDataset) Prepared(prepared bool) *DeleteDataset              { return dd }
func (dd *DeleteDataset) Where(expressions ...exp.Expression) *DeleteDataset { return dd }
func (dd *DeleteDataset) Returning(returning ...interface{}) *DeleteDataset  { return dd }
func (dd *DeleteDataset) ToSQL() (string, []interface{}, error)              { return "", nil, nil }
func (dd *DeleteDataset) Executor() exec.QueryExecutor                       { return exec.QueryExecutor{} }
