// Package dbx is a stand-in for github.com/pocketbase/dbx: the Query
// made from SQL text, its chain and its runs, and the handles' transactions
// (the signatures of v1.12.0).
package dbx

import (
	"context"
	"database/sql"
)

type Params map[string]interface{}

type Expression interface {
	Build(*DB, Params) string
}

type Builder interface {
	NewQuery(string) *Query
	Insert(table string, cols Params) *Query
	Update(table string, cols Params, where Expression) *Query
	Delete(table string, where Expression) *Query
}

type BaseBuilder struct {
	db *DB
}

func (b *BaseBuilder) NewQuery(sql string) *Query                                { return &Query{sql: sql} }
func (b *BaseBuilder) Insert(table string, cols Params) *Query                   { return &Query{} }
func (b *BaseBuilder) Update(table string, cols Params, where Expression) *Query { return &Query{} }
func (b *BaseBuilder) Delete(table string, where Expression) *Query              { return &Query{} }

type DB struct {
	Builder
	sqlDB *sql.DB
}

func NewFromDB(sqlDB *sql.DB, driverName string) *DB {
	return &DB{Builder: &BaseBuilder{}, sqlDB: sqlDB}
}

func (db *DB) Begin() (*Tx, error)                                           { return &Tx{}, nil }
func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) { return &Tx{}, nil }
func (db *DB) Transactional(f func(*Tx) error) (err error)                   { return f(&Tx{}) }
func (db *DB) TransactionalContext(ctx context.Context, opts *sql.TxOptions, f func(*Tx) error) (err error) {
	return f(&Tx{})
}

type Tx struct {
	Builder
	tx *sql.Tx
}

func (t *Tx) Commit() error   { return nil }
func (t *Tx) Rollback() error { return nil }

type Query struct {
	sql    string
	params Params
	ctx    context.Context
}

func (q *Query) SQL() string                            { return q.sql }
func (q *Query) WithContext(ctx context.Context) *Query { q.ctx = ctx; return q }
func (q *Query) Prepare() *Query                        { return q }
func (q *Query) Bind(params Params) *Query              { q.params = params; return q }
func (q *Query) Execute() (sql.Result, error)           { return nil, nil }
func (q *Query) One(a interface{}) error                { return nil }
func (q *Query) All(slice interface{}) error            { return nil }
func (q *Query) Row(a ...interface{}) error             { return nil }
func (q *Query) Column(a interface{}) error             { return nil }
func (q *Query) Rows() (rows *Rows, err error)          { return &Rows{}, nil }

type Rows struct {
	*sql.Rows
}

func (r *Rows) ScanMap(a NullStringMap) error  { return nil }
func (r *Rows) ScanStruct(a interface{}) error { return nil }

type NullStringMap map[string]sql.NullString
