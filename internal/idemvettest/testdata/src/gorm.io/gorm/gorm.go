// Package gorm is a stand-in for gorm.io/gorm.
package gorm

import (
	"database/sql"
	"errors"
	"time"

	"gorm.io/gorm/clause"
	"gorm.io/gorm/schema"
)

var (
	ErrRecordNotFound = errors.New("record not found")
	ErrDuplicatedKey  = errors.New("duplicated key not allowed")
)

type Model struct {
	ID        uint `gorm:"primarykey"`
	CreatedAt time.Time
	UpdatedAt time.Time
	DeletedAt DeletedAt `gorm:"index"`
}

type DeletedAt sql.NullTime

type Config struct {
	SkipDefaultTransaction bool
	NamingStrategy         schema.Namer
}

type Dialector interface{}

type Session struct{}

type DB struct {
	*Config
	Error        error
	RowsAffected int64
}

func Open(dialector Dialector, opts ...interface{}) (db *DB, err error) { return &DB{}, nil }

func Expr(expr string, args ...interface{}) clause.Expr { return clause.Expr{SQL: expr, Vars: args} }

func (db *DB) Model(value interface{}) (tx *DB)                          { return db }
func (db *DB) Clauses(conds ...clause.Expression) (tx *DB)               { return db }
func (db *DB) Table(name string, args ...interface{}) (tx *DB)           { return db }
func (db *DB) Distinct(args ...interface{}) (tx *DB)                     { return db }
func (db *DB) Select(query interface{}, args ...interface{}) (tx *DB)    { return db }
func (db *DB) Omit(columns ...string) (tx *DB)                           { return db }
func (db *DB) Where(query interface{}, args ...interface{}) (tx *DB)     { return db }
func (db *DB) Not(query interface{}, args ...interface{}) (tx *DB)       { return db }
func (db *DB) Or(query interface{}, args ...interface{}) (tx *DB)        { return db }
func (db *DB) Joins(query string, args ...interface{}) (tx *DB)          { return db }
func (db *DB) Group(name string) (tx *DB)                                { return db }
func (db *DB) Having(query interface{}, args ...interface{}) (tx *DB)    { return db }
func (db *DB) Order(value interface{}) (tx *DB)                          { return db }
func (db *DB) Limit(limit int) (tx *DB)                                  { return db }
func (db *DB) Offset(offset int) (tx *DB)                                { return db }
func (db *DB) Scopes(funcs ...func(*DB) *DB) (tx *DB)                    { return db }
func (db *DB) Preload(query string, args ...interface{}) (tx *DB)        { return db }
func (db *DB) Unscoped() (tx *DB)                                        { return db }
func (db *DB) Raw(sql string, values ...interface{}) (tx *DB)            { return db }
func (db *DB) Session(config *Session) *DB                               { return db }
func (db *DB) WithContext(ctx interface{}) *DB                           { return db }
func (db *DB) Debug() (tx *DB)                                           { return db }
func (db *DB) Set(key string, value interface{}) *DB                     { return db }
func (db *DB) Create(value interface{}) (tx *DB)                         { return db }
func (db *DB) CreateInBatches(value interface{}, batchSize int) (tx *DB) { return db }
func (db *DB) Save(value interface{}) (tx *DB)                           { return db }
func (db *DB) First(dest interface{}, conds ...interface{}) (tx *DB)     { return db }
func (db *DB) Take(dest interface{}, conds ...interface{}) (tx *DB)      { return db }
func (db *DB) Last(dest interface{}, conds ...interface{}) (tx *DB)      { return db }
func (db *DB) Find(dest interface{}, conds ...interface{}) (tx *DB)      { return db }
func (db *DB) FirstOrInit(dest interface{}, conds ...interface{}) (tx *DB) {
	return db
}
func (db *DB) FirstOrCreate(dest interface{}, conds ...interface{}) (tx *DB) {
	return db
}
func (db *DB) Update(column string, value interface{}) (tx *DB)       { return db }
func (db *DB) Updates(values interface{}) (tx *DB)                    { return db }
func (db *DB) UpdateColumn(column string, value interface{}) (tx *DB) { return db }
func (db *DB) UpdateColumns(values interface{}) (tx *DB)              { return db }
func (db *DB) Delete(value interface{}, conds ...interface{}) (tx *DB) {
	return db
}
func (db *DB) Count(count *int64) (tx *DB)                    { return db }
func (db *DB) Row() *sql.Row                                  { return nil }
func (db *DB) Rows() (*sql.Rows, error)                       { return nil, nil }
func (db *DB) Scan(dest interface{}) (tx *DB)                 { return db }
func (db *DB) Pluck(column string, dest interface{}) (tx *DB) { return db }
func (db *DB) Transaction(fc func(tx *DB) error, opts ...*sql.TxOptions) (err error) {
	return nil
}
func (db *DB) Begin(opts ...*sql.TxOptions) *DB                { return db }
func (db *DB) Commit() *DB                                     { return db }
func (db *DB) Rollback() *DB                                   { return db }
func (db *DB) Exec(sql string, values ...interface{}) (tx *DB) { return db }
