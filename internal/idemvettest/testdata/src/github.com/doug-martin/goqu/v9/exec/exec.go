// Package exec is a stand-in for github.com/doug-martin/goqu/v9/exec.
package exec

import (
	"context"
	"database/sql"
)

// QueryExecutor runs a dataset's SQL on its database.
type QueryExecutor struct{ query string }

func (q QueryExecutor) ToSQL() (string, []interface{}, error)                       { return q.query, nil, nil }
func (q QueryExecutor) Exec() (sql.Result, error)                                   { return nil, nil }
func (q QueryExecutor) ExecContext(ctx context.Context) (sql.Result, error)         { return nil, nil }
func (q QueryExecutor) Query() (*sql.Rows, error)                                   { return nil, nil }
func (q QueryExecutor) QueryContext(ctx context.Context) (*sql.Rows, error)         { return nil, nil }
func (q QueryExecutor) ScanStructs(i interface{}) error                             { return nil }
func (q QueryExecutor) ScanStructsContext(ctx context.Context, i interface{}) error { return nil }
func (q QueryExecutor) ScanStruct(i interface{}) (bool, error)                      { return false, nil }
func (q QueryExecutor) ScanStructContext(ctx context.Context, i interface{}) (bool, error) {
	return false, nil
}
func (q QueryExecutor) ScanVals(i interface{}) error                             { return nil }
func (q QueryExecutor) ScanValsContext(ctx context.Context, i interface{}) error { return nil }
func (q QueryExecutor) ScanVal(i interface{}) (bool, error)                      { return false, nil }
func (q QueryExecutor) ScanValContext(ctx context.Context, i interface{}) (bool, error) {
	return false, nil
}
