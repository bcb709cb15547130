// Package squirrel is a stand-in for github.com/Masterminds/squirrel
// v1.5.4: the builders' exported methods with their real signatures,
// bodies that do nothing.
package squirrel

import (
	"context"
	"database/sql"
)

type Sqlizer interface {
	ToSql() (string, []interface{}, error)
}

type Execer interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
}

type Queryer interface {
	Query(query string, args ...interface{}) (*sql.Rows, error)
}

type QueryRower interface {
	QueryRow(query string, args ...interface{}) RowScanner
}

type BaseRunner interface {
	Execer
	Queryer
}

type RowScanner interface {
	Scan(...interface{}) error
}

type PlaceholderFormat interface {
	ReplacePlaceholders(sql string) (string, error)
}

type questionFormat struct{}

func (questionFormat) ReplacePlaceholders(sql string) (string, error) { return sql, nil }

type dollarFormat struct{}

func (dollarFormat) ReplacePlaceholders(sql string) (string, error) { return sql, nil }

var (
	Question = questionFormat{}
	Dollar   = dollarFormat{}
)

type expr struct {
	sql  string
	args []interface{}
}

func (e expr) ToSql() (string, []interface{}, error) { return e.sql, e.args, nil }

func Expr(sql string, args ...interface{}) Sqlizer { return expr{sql: sql, args: args} }

type Eq map[string]interface{}
type NotEq Eq
type Lt map[string]interface{}
type LtOrEq Lt
type Gt Lt
type GtOrEq Lt
type Like map[string]interface{}
type NotLike Like
type ILike Like
type And []Sqlizer
type Or []Sqlizer

func (Eq) ToSql() (string, []interface{}, error)      { return "", nil, nil }
func (NotEq) ToSql() (string, []interface{}, error)   { return "", nil, nil }
func (Lt) ToSql() (string, []interface{}, error)      { return "", nil, nil }
func (LtOrEq) ToSql() (string, []interface{}, error)  { return "", nil, nil }
func (Gt) ToSql() (string, []interface{}, error)      { return "", nil, nil }
func (GtOrEq) ToSql() (string, []interface{}, error)  { return "", nil, nil }
func (Like) ToSql() (string, []interface{}, error)    { return "", nil, nil }
func (NotLike) ToSql() (string, []interface{}, error) { return "", nil, nil }
func (ILike) ToSql() (string, []interface{}, error)   { return "", nil, nil }
func (And) ToSql() (string, []interface{}, error)     { return "", nil, nil }
func (Or) ToSql() (string, []interface{}, error)      { return "", nil, nil }

type StatementBuilderType struct{ parts []interface{} }

var StatementBuilder = StatementBuilderType{}.PlaceholderFormat(Question)

func (b StatementBuilderType) Select(columns ...string) SelectBuilder                     { return SelectBuilder{} }
func (b StatementBuilderType) Insert(into string) InsertBuilder                           { return InsertBuilder{} }
func (b StatementBuilderType) Replace(into string) InsertBuilder                          { return InsertBuilder{} }
func (b StatementBuilderType) Update(table string) UpdateBuilder                          { return UpdateBuilder{} }
func (b StatementBuilderType) Delete(from string) DeleteBuilder                           { return DeleteBuilder{} }
func (b StatementBuilderType) PlaceholderFormat(f PlaceholderFormat) StatementBuilderType { return b }
func (b StatementBuilderType) RunWith(runner BaseRunner) StatementBuilderType             { return b }
func (b StatementBuilderType) Where(pred interface{}, args ...interface{}) StatementBuilderType {
	return b
}

func Select(columns ...string) SelectBuilder { return StatementBuilder.Select(columns...) }
func Insert(into string) InsertBuilder       { return StatementBuilder.Insert(into) }
func Replace(into string) InsertBuilder      { return StatementBuilder.Replace(into) }
func Update(table string) UpdateBuilder      { return StatementBuilder.Update(table) }
func Delete(from string) DeleteBuilder       { return StatementBuilder.Delete(from) }

type SelectBuilder struct{ parts []interface{} }

func (b SelectBuilder) Column(column interface{}, args ...interface{}) SelectBuilder      { return b }
func (b SelectBuilder) Columns(columns ...string) SelectBuilder                           { return b }
func (b SelectBuilder) CrossJoin(join string, rest ...interface{}) SelectBuilder          { return b }
func (b SelectBuilder) Distinct() SelectBuilder                                           { return b }
func (b SelectBuilder) Exec() (sql.Result, error)                                         { return nil, nil }
func (b SelectBuilder) ExecContext(ctx context.Context) (sql.Result, error)               { return nil, nil }
func (b SelectBuilder) From(from string) SelectBuilder                                    { return b }
func (b SelectBuilder) FromSelect(from SelectBuilder, alias string) SelectBuilder         { return b }
func (b SelectBuilder) GroupBy(groupBys ...string) SelectBuilder                          { return b }
func (b SelectBuilder) Having(pred interface{}, rest ...interface{}) SelectBuilder        { return b }
func (b SelectBuilder) InnerJoin(join string, rest ...interface{}) SelectBuilder          { return b }
func (b SelectBuilder) Join(join string, rest ...interface{}) SelectBuilder               { return b }
func (b SelectBuilder) JoinClause(pred interface{}, args ...interface{}) SelectBuilder    { return b }
func (b SelectBuilder) LeftJoin(join string, rest ...interface{}) SelectBuilder           { return b }
func (b SelectBuilder) Limit(limit uint64) SelectBuilder                                  { return b }
func (b SelectBuilder) MustSql() (string, []interface{})                                  { return "", nil }
func (b SelectBuilder) Offset(offset uint64) SelectBuilder                                { return b }
func (b SelectBuilder) Options(options ...string) SelectBuilder                           { return b }
func (b SelectBuilder) OrderBy(orderBys ...string) SelectBuilder                          { return b }
func (b SelectBuilder) OrderByClause(pred interface{}, args ...interface{}) SelectBuilder { return b }
func (b SelectBuilder) PlaceholderFormat(f PlaceholderFormat) SelectBuilder               { return b }
func (b SelectBuilder) Prefix(sql string, args ...interface{}) SelectBuilder              { return b }
func (b SelectBuilder) PrefixExpr(expr Sqlizer) SelectBuilder                             { return b }
func (b SelectBuilder) Query() (*sql.Rows, error)                                         { return nil, nil }
func (b SelectBuilder) QueryContext(ctx context.Context) (*sql.Rows, error)               { return nil, nil }
func (b SelectBuilder) QueryRow() RowScanner                                              { return nil }
func (b SelectBuilder) QueryRowContext(ctx context.Context) RowScanner                    { return nil }
func (b SelectBuilder) RemoveColumns() SelectBuilder                                      { return b }
func (b SelectBuilder) RemoveLimit() SelectBuilder                                        { return b }
func (b SelectBuilder) RemoveOffset() SelectBuilder                                       { return b }
func (b SelectBuilder) RightJoin(join string, rest ...interface{}) SelectBuilder          { return b }
func (b SelectBuilder) RunWith(runner BaseRunner) SelectBuilder                           { return b }
func (b SelectBuilder) Scan(dest ...interface{}) error                                    { return nil }
func (b SelectBuilder) ScanContext(ctx context.Context, dest ...interface{}) error        { return nil }
func (b SelectBuilder) Suffix(sql string, args ...interface{}) SelectBuilder              { return b }
func (b SelectBuilder) SuffixExpr(expr Sqlizer) SelectBuilder                             { return b }
func (b SelectBuilder) ToSql() (string, []interface{}, error)                             { return "", nil, nil }
func (b SelectBuilder) Where(pred interface{}, args ...interface{}) SelectBuilder         { return b }

type InsertBuilder struct{ parts []interface{} }

func (b InsertBuilder) Columns(columns ...string) InsertBuilder                    { return b }
func (b InsertBuilder) Exec() (sql.Result, error)                                  { return nil, nil }
func (b InsertBuilder) ExecContext(ctx context.Context) (sql.Result, error)        { return nil, nil }
func (b InsertBuilder) Into(from string) InsertBuilder                             { return b }
func (b InsertBuilder) MustSql() (string, []interface{})                           { return "", nil }
func (b InsertBuilder) Options(options ...string) InsertBuilder                    { return b }
func (b InsertBuilder) PlaceholderFormat(f PlaceholderFormat) InsertBuilder        { return b }
func (b InsertBuilder) Prefix(sql string, args ...interface{}) InsertBuilder       { return b }
func (b InsertBuilder) PrefixExpr(expr Sqlizer) InsertBuilder                      { return b }
func (b InsertBuilder) Query() (*sql.Rows, error)                                  { return nil, nil }
func (b InsertBuilder) QueryContext(ctx context.Context) (*sql.Rows, error)        { return nil, nil }
func (b InsertBuilder) QueryRow() RowScanner                                       { return nil }
func (b InsertBuilder) QueryRowContext(ctx context.Context) RowScanner             { return nil }
func (b InsertBuilder) RunWith(runner BaseRunner) InsertBuilder                    { return b }
func (b InsertBuilder) Scan(dest ...interface{}) error                             { return nil }
func (b InsertBuilder) ScanContext(ctx context.Context, dest ...interface{}) error { return nil }
func (b InsertBuilder) Select(sb SelectBuilder) InsertBuilder                      { return b }
func (b InsertBuilder) SetMap(clauses map[string]interface{}) InsertBuilder        { return b }
func (b InsertBuilder) Suffix(sql string, args ...interface{}) InsertBuilder       { return b }
func (b InsertBuilder) SuffixExpr(expr Sqlizer) InsertBuilder                      { return b }
func (b InsertBuilder) ToSql() (string, []interface{}, error)                      { return "", nil, nil }
func (b InsertBuilder) Values(values ...interface{}) InsertBuilder                 { return b }

type UpdateBuilder struct{ parts []interface{} }

func (b UpdateBuilder) Exec() (sql.Result, error)                                  { return nil, nil }
func (b UpdateBuilder) ExecContext(ctx context.Context) (sql.Result, error)        { return nil, nil }
func (b UpdateBuilder) From(from string) UpdateBuilder                             { return b }
func (b UpdateBuilder) FromSelect(from SelectBuilder, alias string) UpdateBuilder  { return b }
func (b UpdateBuilder) Limit(limit uint64) UpdateBuilder                           { return b }
func (b UpdateBuilder) MustSql() (string, []interface{})                           { return "", nil }
func (b UpdateBuilder) Offset(offset uint64) UpdateBuilder                         { return b }
func (b UpdateBuilder) OrderBy(orderBys ...string) UpdateBuilder                   { return b }
func (b UpdateBuilder) PlaceholderFormat(f PlaceholderFormat) UpdateBuilder        { return b }
func (b UpdateBuilder) Prefix(sql string, args ...interface{}) UpdateBuilder       { return b }
func (b UpdateBuilder) PrefixExpr(expr Sqlizer) UpdateBuilder                      { return b }
func (b UpdateBuilder) Query() (*sql.Rows, error)                                  { return nil, nil }
func (b UpdateBuilder) QueryContext(ctx context.Context) (*sql.Rows, error)        { return nil, nil }
func (b UpdateBuilder) QueryRow() RowScanner                                       { return nil }
func (b UpdateBuilder) QueryRowContext(ctx context.Context) RowScanner             { return nil }
func (b UpdateBuilder) RunWith(runner BaseRunner) UpdateBuilder                    { return b }
func (b UpdateBuilder) Scan(dest ...interface{}) error                             { return nil }
func (b UpdateBuilder) ScanContext(ctx context.Context, dest ...interface{}) error { return nil }
func (b UpdateBuilder) Set(column string, value interface{}) UpdateBuilder         { return b }
func (b UpdateBuilder) SetMap(clauses map[string]interface{}) UpdateBuilder        { return b }
func (b UpdateBuilder) Suffix(sql string, args ...interface{}) UpdateBuilder       { return b }
func (b UpdateBuilder) SuffixExpr(expr Sqlizer) UpdateBuilder                      { return b }
func (b UpdateBuilder) Table(table string) UpdateBuilder                           { return b }
func (b UpdateBuilder) ToSql() (string, []interface{}, error)                      { return "", nil, nil }
func (b UpdateBuilder) Where(pred interface{}, args ...interface{}) UpdateBuilder  { return b }

type DeleteBuilder struct{ parts []interface{} }

func (b DeleteBuilder) Exec() (sql.Result, error)                                 { return nil, nil }
func (b DeleteBuilder) ExecContext(ctx context.Context) (sql.Result, error)       { return nil, nil }
func (b DeleteBuilder) From(from string) DeleteBuilder                            { return b }
func (b DeleteBuilder) Limit(limit uint64) DeleteBuilder                          { return b }
func (b DeleteBuilder) MustSql() (string, []interface{})                          { return "", nil }
func (b DeleteBuilder) Offset(offset uint64) DeleteBuilder                        { return b }
func (b DeleteBuilder) OrderBy(orderBys ...string) DeleteBuilder                  { return b }
func (b DeleteBuilder) PlaceholderFormat(f PlaceholderFormat) DeleteBuilder       { return b }
func (b DeleteBuilder) Prefix(sql string, args ...interface{}) DeleteBuilder      { return b }
func (b DeleteBuilder) PrefixExpr(expr Sqlizer) DeleteBuilder                     { return b }
func (b DeleteBuilder) Query() (*sql.Rows, error)                                 { return nil, nil }
func (b DeleteBuilder) QueryContext(ctx context.Context) (*sql.Rows, error)       { return nil, nil }
func (b DeleteBuilder) RunWith(runner BaseRunner) DeleteBuilder                   { return b }
func (b DeleteBuilder) Suffix(sql string, args ...interface{}) DeleteBuilder      { return b }
func (b DeleteBuilder) SuffixExpr(expr Sqlizer) DeleteBuilder                     { return b }
func (b DeleteBuilder) ToSql() (string, []interface{}, error)                     { return "", nil, nil }
func (b DeleteBuilder) Where(pred interface{}, args ...interface{}) DeleteBuilder { return b }

func (b DeleteBuilder) QueryRowContext(ctx context.Context) RowScanner             { return nil }
func (b DeleteBuilder) ScanContext(ctx context.Context, dest ...interface{}) error { return nil }
