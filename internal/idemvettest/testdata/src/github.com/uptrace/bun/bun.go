// Package bun is a stand-in for github.com/uptrace/bun v1.3.0: the handles
// and the query methods with their real signatures, bodies that do
// nothing.
package bun

import (
	"context"
	"database/sql"
)

type BaseModel struct{}

type IConn interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

type IDB interface {
	IConn
	NewSelect() *SelectQuery
	NewInsert() *InsertQuery
	NewUpdate() *UpdateQuery
	NewDelete() *DeleteQuery
	BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error)
	RunInTx(ctx context.Context, opts *sql.TxOptions, f func(ctx context.Context, tx Tx) error) error
}

type DB struct {
	*sql.DB
}

func NewDB(sqldb *sql.DB, dialect any) *DB { return &DB{DB: sqldb} }

func (db *DB) NewSelect() *SelectQuery                            { return &SelectQuery{db: db} }
func (db *DB) NewInsert() *InsertQuery                            { return &InsertQuery{db: db} }
func (db *DB) NewUpdate() *UpdateQuery                            { return &UpdateQuery{db: db} }
func (db *DB) NewDelete() *DeleteQuery                            { return &DeleteQuery{db: db} }
func (db *DB) Exec(query string, args ...any) (sql.Result, error) { return nil, nil }
func (db *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return nil, nil
}
func (db *DB) Query(query string, args ...any) (*sql.Rows, error) { return nil, nil }
func (db *DB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return nil, nil
}
func (db *DB) QueryRow(query string, args ...any) *sql.Row { return nil }
func (db *DB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return nil
}
func (db *DB) RunInTx(ctx context.Context, opts *sql.TxOptions, fn func(ctx context.Context, tx Tx) error) error {
	return nil
}
func (db *DB) Begin() (Tx, error)                                           { return Tx{}, nil }
func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error) { return Tx{}, nil }

type Tx struct {
	ctx  context.Context
	db   *DB
	name string
	*sql.Tx
}

func (tx Tx) Commit() error                                      { return nil }
func (tx Tx) Rollback() error                                    { return nil }
func (tx Tx) Exec(query string, args ...any) (sql.Result, error) { return nil, nil }
func (tx Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return nil, nil
}
func (tx Tx) Query(query string, args ...any) (*sql.Rows, error) { return nil, nil }
func (tx Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return nil, nil
}
func (tx Tx) QueryRow(query string, args ...any) *sql.Row { return nil }
func (tx Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return nil
}
func (tx Tx) Begin() (Tx, error)                                        { return tx, nil }
func (tx Tx) BeginTx(ctx context.Context, _ *sql.TxOptions) (Tx, error) { return tx, nil }
func (tx Tx) RunInTx(ctx context.Context, _ *sql.TxOptions, f func(ctx context.Context, tx Tx) error) error {
	return nil
}
func (tx Tx) NewSelect() *SelectQuery { return &SelectQuery{} }
func (tx Tx) NewInsert() *InsertQuery { return &InsertQuery{} }
func (tx Tx) NewUpdate() *UpdateQuery { return &UpdateQuery{} }
func (tx Tx) NewDelete() *DeleteQuery { return &DeleteQuery{} }

func (q *SelectQuery) WhereGroup(sep string, fn func(*SelectQuery) *SelectQuery) *SelectQuery {
	return q
}
func (q *UpdateQuery) WhereGroup(sep string, fn func(*UpdateQuery) *UpdateQuery) *UpdateQuery {
	return q
}
func (q *DeleteQuery) WhereGroup(sep string, fn func(*DeleteQuery) *DeleteQuery) *DeleteQuery {
	return q
}

type SelectQuery struct{ db IDB }

func (q *SelectQuery) Model(model any) *SelectQuery                          { return q }
func (q *SelectQuery) Err(err error) *SelectQuery                            { return q }
func (q *SelectQuery) Distinct() *SelectQuery                                { return q }
func (q *SelectQuery) DistinctOn(query string, args ...any) *SelectQuery     { return q }
func (q *SelectQuery) Table(tables ...string) *SelectQuery                   { return q }
func (q *SelectQuery) TableExpr(query string, args ...any) *SelectQuery      { return q }
func (q *SelectQuery) ModelTableExpr(query string, args ...any) *SelectQuery { return q }
func (q *SelectQuery) Column(columns ...string) *SelectQuery                 { return q }
func (q *SelectQuery) ColumnExpr(query string, args ...any) *SelectQuery     { return q }
func (q *SelectQuery) ExcludeColumn(columns ...string) *SelectQuery          { return q }
func (q *SelectQuery) WherePK(cols ...string) *SelectQuery                   { return q }
func (q *SelectQuery) Where(query string, args ...any) *SelectQuery          { return q }
func (q *SelectQuery) WhereOr(query string, args ...any) *SelectQuery        { return q }
func (q *SelectQuery) WhereDeleted() *SelectQuery                            { return q }
func (q *SelectQuery) WhereAllWithDeleted() *SelectQuery                     { return q }
func (q *SelectQuery) UseIndex(indexes ...string) *SelectQuery               { return q }
func (q *SelectQuery) UseIndexForJoin(indexes ...string) *SelectQuery        { return q }
func (q *SelectQuery) UseIndexForOrderBy(indexes ...string) *SelectQuery     { return q }
func (q *SelectQuery) UseIndexForGroupBy(indexes ...string) *SelectQuery     { return q }
func (q *SelectQuery) IgnoreIndex(indexes ...string) *SelectQuery            { return q }
func (q *SelectQuery) IgnoreIndexForJoin(indexes ...string) *SelectQuery     { return q }
func (q *SelectQuery) IgnoreIndexForOrderBy(indexes ...string) *SelectQuery  { return q }
func (q *SelectQuery) IgnoreIndexForGroupBy(indexes ...string) *SelectQuery  { return q }
func (q *SelectQuery) ForceIndex(indexes ...string) *SelectQuery             { return q }
func (q *SelectQuery) ForceIndexForJoin(indexes ...string) *SelectQuery      { return q }
func (q *SelectQuery) ForceIndexForOrderBy(indexes ...string) *SelectQuery   { return q }
func (q *SelectQuery) ForceIndexForGroupBy(indexes ...string) *SelectQuery   { return q }
func (q *SelectQuery) Group(columns ...string) *SelectQuery                  { return q }
func (q *SelectQuery) GroupExpr(group string, args ...any) *SelectQuery      { return q }
func (q *SelectQuery) Having(having string, args ...any) *SelectQuery        { return q }
func (q *SelectQuery) Order(orders ...string) *SelectQuery                   { return q }
func (q *SelectQuery) OrderExpr(query string, args ...any) *SelectQuery      { return q }
func (q *SelectQuery) Limit(n int64) *SelectQuery                            { return q }
func (q *SelectQuery) Offset(n int64) *SelectQuery                           { return q }
func (q *SelectQuery) For(s string, args ...any) *SelectQuery                { return q }
func (q *SelectQuery) Union(other *SelectQuery) *SelectQuery                 { return q }
func (q *SelectQuery) UnionAll(other *SelectQuery) *SelectQuery              { return q }
func (q *SelectQuery) Intersect(other *SelectQuery) *SelectQuery             { return q }
func (q *SelectQuery) IntersectAll(other *SelectQuery) *SelectQuery          { return q }
func (q *SelectQuery) Except(other *SelectQuery) *SelectQuery                { return q }
func (q *SelectQuery) ExceptAll(other *SelectQuery) *SelectQuery             { return q }
func (q *SelectQuery) Join(join string, args ...any) *SelectQuery            { return q }
func (q *SelectQuery) JoinOn(cond string, args ...any) *SelectQuery          { return q }
func (q *SelectQuery) JoinOnOr(cond string, args ...any) *SelectQuery        { return q }
func (q *SelectQuery) Comment(comment string) *SelectQuery                   { return q }
func (q *SelectQuery) Operation() string                                     { return "" }
func (q *SelectQuery) Exec(ctx context.Context, dest ...any) (res sql.Result, err error) {
	return nil, nil
}
func (q *SelectQuery) Scan(ctx context.Context, dest ...any) error                  { return nil }
func (q *SelectQuery) Count(ctx context.Context) (int64, error)                     { return 0, nil }
func (q *SelectQuery) ScanAndCount(ctx context.Context, dest ...any) (int64, error) { return 0, nil }
func (q *SelectQuery) Exists(ctx context.Context) (bool, error)                     { return false, nil }
func (q *SelectQuery) String() string                                               { return "" }
func (q *SelectQuery) Clone() *SelectQuery                                          { return q }

type InsertQuery struct{ db IDB }

func (q *InsertQuery) Model(model any) *InsertQuery                               { return q }
func (q *InsertQuery) Err(err error) *InsertQuery                                 { return q }
func (q *InsertQuery) Table(tables ...string) *InsertQuery                        { return q }
func (q *InsertQuery) TableExpr(query string, args ...any) *InsertQuery           { return q }
func (q *InsertQuery) ModelTableExpr(query string, args ...any) *InsertQuery      { return q }
func (q *InsertQuery) Column(columns ...string) *InsertQuery                      { return q }
func (q *InsertQuery) ColumnExpr(query string, args ...any) *InsertQuery          { return q }
func (q *InsertQuery) ExcludeColumn(columns ...string) *InsertQuery               { return q }
func (q *InsertQuery) Value(column string, expr string, args ...any) *InsertQuery { return q }
func (q *InsertQuery) Where(query string, args ...any) *InsertQuery               { return q }
func (q *InsertQuery) WhereOr(query string, args ...any) *InsertQuery             { return q }
func (q *InsertQuery) Returning(query string, args ...any) *InsertQuery           { return q }
func (q *InsertQuery) Ignore() *InsertQuery                                       { return q }
func (q *InsertQuery) Replace() *InsertQuery                                      { return q }
func (q *InsertQuery) Comment(comment string) *InsertQuery                        { return q }
func (q *InsertQuery) Operation() string                                          { return "" }
func (q *InsertQuery) On(s string, args ...any) *InsertQuery                      { return q }
func (q *InsertQuery) Set(query string, args ...any) *InsertQuery                 { return q }
func (q *InsertQuery) Scan(ctx context.Context, dest ...any) error                { return nil }
func (q *InsertQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error)  { return nil, nil }
func (q *InsertQuery) String() string                                             { return "" }

type UpdateQuery struct{ db IDB }

func (q *UpdateQuery) Model(model any) *UpdateQuery                                    { return q }
func (q *UpdateQuery) Err(err error) *UpdateQuery                                      { return q }
func (q *UpdateQuery) Table(tables ...string) *UpdateQuery                             { return q }
func (q *UpdateQuery) TableExpr(query string, args ...any) *UpdateQuery                { return q }
func (q *UpdateQuery) ModelTableExpr(query string, args ...any) *UpdateQuery           { return q }
func (q *UpdateQuery) Column(columns ...string) *UpdateQuery                           { return q }
func (q *UpdateQuery) ExcludeColumn(columns ...string) *UpdateQuery                    { return q }
func (q *UpdateQuery) Set(query string, args ...any) *UpdateQuery                      { return q }
func (q *UpdateQuery) SetColumn(column string, query string, args ...any) *UpdateQuery { return q }
func (q *UpdateQuery) Value(column string, query string, args ...any) *UpdateQuery     { return q }
func (q *UpdateQuery) OmitZero() *UpdateQuery                                          { return q }
func (q *UpdateQuery) Join(join string, args ...any) *UpdateQuery                      { return q }
func (q *UpdateQuery) JoinOn(cond string, args ...any) *UpdateQuery                    { return q }
func (q *UpdateQuery) JoinOnOr(cond string, args ...any) *UpdateQuery                  { return q }
func (q *UpdateQuery) WherePK(cols ...string) *UpdateQuery                             { return q }
func (q *UpdateQuery) Where(query string, args ...any) *UpdateQuery                    { return q }
func (q *UpdateQuery) WhereOr(query string, args ...any) *UpdateQuery                  { return q }
func (q *UpdateQuery) WhereDeleted() *UpdateQuery                                      { return q }
func (q *UpdateQuery) WhereAllWithDeleted() *UpdateQuery                               { return q }
func (q *UpdateQuery) Order(orders ...string) *UpdateQuery                             { return q }
func (q *UpdateQuery) OrderExpr(query string, args ...any) *UpdateQuery                { return q }
func (q *UpdateQuery) Limit(n int64) *UpdateQuery                                      { return q }
func (q *UpdateQuery) Returning(query string, args ...any) *UpdateQuery                { return q }
func (q *UpdateQuery) Comment(comment string) *UpdateQuery                             { return q }
func (q *UpdateQuery) Operation() string                                               { return "" }
func (q *UpdateQuery) Bulk() *UpdateQuery                                              { return q }
func (q *UpdateQuery) Scan(ctx context.Context, dest ...any) error                     { return nil }
func (q *UpdateQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error)       { return nil, nil }
func (q *UpdateQuery) String() string                                                  { return "" }
func (q *UpdateQuery) UseIndex(indexes ...string) *UpdateQuery                         { return q }
func (q *UpdateQuery) IgnoreIndex(indexes ...string) *UpdateQuery                      { return q }
func (q *UpdateQuery) ForceIndex(indexes ...string) *UpdateQuery                       { return q }

type DeleteQuery struct{ db IDB }

func (q *DeleteQuery) Model(model any) *DeleteQuery                              { return q }
func (q *DeleteQuery) Err(err error) *DeleteQuery                                { return q }
func (q *DeleteQuery) Table(tables ...string) *DeleteQuery                       { return q }
func (q *DeleteQuery) TableExpr(query string, args ...any) *DeleteQuery          { return q }
func (q *DeleteQuery) ModelTableExpr(query string, args ...any) *DeleteQuery     { return q }
func (q *DeleteQuery) WherePK(cols ...string) *DeleteQuery                       { return q }
func (q *DeleteQuery) Where(query string, args ...any) *DeleteQuery              { return q }
func (q *DeleteQuery) WhereOr(query string, args ...any) *DeleteQuery            { return q }
func (q *DeleteQuery) WhereDeleted() *DeleteQuery                                { return q }
func (q *DeleteQuery) WhereAllWithDeleted() *DeleteQuery                         { return q }
func (q *DeleteQuery) Order(orders ...string) *DeleteQuery                       { return q }
func (q *DeleteQuery) OrderExpr(query string, args ...any) *DeleteQuery          { return q }
func (q *DeleteQuery) ForceDelete() *DeleteQuery                                 { return q }
func (q *DeleteQuery) Limit(n int64) *DeleteQuery                                { return q }
func (q *DeleteQuery) Returning(query string, args ...any) *DeleteQuery          { return q }
func (q *DeleteQuery) Comment(comment string) *DeleteQuery                       { return q }
func (q *DeleteQuery) Operation() string                                         { return "" }
func (q *DeleteQuery) Scan(ctx context.Context, dest ...any) error               { return nil }
func (q *DeleteQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) { return nil, nil }
func (q *DeleteQuery) String() string                                            { return "" }
