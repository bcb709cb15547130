// Package queries is a stand-in for
// github.com/volatiletech/sqlboiler/v4/queries v4.19: the Query the
// generated code embeds.
package queries

import (
	"context"
	"database/sql"

	"github.com/volatiletech/sqlboiler/v4/boil"
)

// Query is a statement under construction.
type Query struct {
	from []string
}

// Raw makes a query of SQL text.
func Raw(query string, args ...interface{}) *Query { return &Query{} }

// ExecContext runs the query.
func (q *Query) ExecContext(ctx context.Context, exec boil.ContextExecutor) (sql.Result, error) {
	return nil, nil
}

// Bind runs the query and scans its rows into obj.
func (q *Query) Bind(ctx context.Context, exec boil.Executor, obj interface{}) error {
	return nil
}
