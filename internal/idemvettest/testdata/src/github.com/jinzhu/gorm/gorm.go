// Package gorm is a stand-in for github.com/jinzhu/gorm v1.9.16 (gorm
// v1): the *DB methods with their real signatures, bodies that do nothing.
package gorm

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

var ErrRecordNotFound = errors.New("record not found")

func IsRecordNotFoundError(err error) bool { return err == ErrRecordNotFound }

type Model struct {
	ID        uint `gorm:"primary_key"`
	CreatedAt time.Time
	UpdatedAt time.Time
	DeletedAt *time.Time `sql:"index"`
}

type SqlExpr struct {
	expr string
	args []interface{}
}

func Expr(expression string, args ...interface{}) *SqlExpr {
	return &SqlExpr{expr: expression, args: args}
}

type DB struct {
	Value        interface{}
	Error        error
	RowsAffected int64
}

func Open(dialect string, args ...interface{}) (db *DB, err error) { return &DB{}, nil }

func (s *DB) New() *DB                                                                      { return s }
func (s *DB) Close() error                                                                  { return nil }
func (s *DB) DB() *sql.DB                                                                   { return nil }
func (s *DB) LogMode(enable bool) *DB                                                       { return s }
func (s *DB) BlockGlobalUpdate(enable bool) *DB                                             { return s }
func (s *DB) HasBlockGlobalUpdate() bool                                                    { return false }
func (s *DB) Where(query interface{}, args ...interface{}) *DB                              { return s }
func (s *DB) Or(query interface{}, args ...interface{}) *DB                                 { return s }
func (s *DB) Not(query interface{}, args ...interface{}) *DB                                { return s }
func (s *DB) Limit(limit interface{}) *DB                                                   { return s }
func (s *DB) Offset(offset interface{}) *DB                                                 { return s }
func (s *DB) Order(value interface{}, reorder ...bool) *DB                                  { return s }
func (s *DB) Select(query interface{}, args ...interface{}) *DB                             { return s }
func (s *DB) Omit(columns ...string) *DB                                                    { return s }
func (s *DB) Group(query string) *DB                                                        { return s }
func (s *DB) Having(query interface{}, values ...interface{}) *DB                           { return s }
func (s *DB) Joins(query string, args ...interface{}) *DB                                   { return s }
func (s *DB) Unscoped() *DB                                                                 { return s }
func (s *DB) Attrs(attrs ...interface{}) *DB                                                { return s }
func (s *DB) Assign(attrs ...interface{}) *DB                                               { return s }
func (s *DB) First(out interface{}, where ...interface{}) *DB                               { return s }
func (s *DB) Take(out interface{}, where ...interface{}) *DB                                { return s }
func (s *DB) Last(out interface{}, where ...interface{}) *DB                                { return s }
func (s *DB) Find(out interface{}, where ...interface{}) *DB                                { return s }
func (s *DB) Preloads(out interface{}) *DB                                                  { return s }
func (s *DB) Scan(dest interface{}) *DB                                                     { return s }
func (s *DB) Row() *sql.Row                                                                 { return nil }
func (s *DB) Rows() (*sql.Rows, error)                                                      { return nil, nil }
func (s *DB) ScanRows(rows *sql.Rows, result interface{}) error                             { return nil }
func (s *DB) Pluck(column string, value interface{}) *DB                                    { return s }
func (s *DB) Count(value interface{}) *DB                                                   { return s }
func (s *DB) Related(value interface{}, foreignKeys ...string) *DB                          { return s }
func (s *DB) FirstOrInit(out interface{}, where ...interface{}) *DB                         { return s }
func (s *DB) FirstOrCreate(out interface{}, where ...interface{}) *DB                       { return s }
func (s *DB) Update(attrs ...interface{}) *DB                                               { return s }
func (s *DB) Updates(values interface{}, ignoreProtectedAttrs ...bool) *DB                  { return s }
func (s *DB) UpdateColumn(attrs ...interface{}) *DB                                         { return s }
func (s *DB) UpdateColumns(values interface{}) *DB                                          { return s }
func (s *DB) Save(value interface{}) *DB                                                    { return s }
func (s *DB) Create(value interface{}) *DB                                                  { return s }
func (s *DB) Delete(value interface{}, where ...interface{}) *DB                            { return s }
func (s *DB) Raw(sql string, values ...interface{}) *DB                                     { return s }
func (s *DB) Exec(sql string, values ...interface{}) *DB                                    { return s }
func (s *DB) Model(value interface{}) *DB                                                   { return s }
func (s *DB) SingularTable(enable bool)                                                     {}
func (s *DB) Table(name string) *DB                                                         { return s }
func (s *DB) Debug() *DB                                                                    { return s }
func (s *DB) Begin() *DB                                                                    { return s }
func (s *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) *DB                          { return s }
func (s *DB) Commit() *DB                                                                   { return s }
func (s *DB) Rollback() *DB                                                                 { return s }
func (s *DB) RollbackUnlessCommitted() *DB                                                  { return s }
func (s *DB) NewRecord(value interface{}) bool                                              { return false }
func (s *DB) RecordNotFound() bool                                                          { return false }
func (s *DB) CreateTable(models ...interface{}) *DB                                         { return s }
func (s *DB) DropTable(values ...interface{}) *DB                                           { return s }
func (s *DB) DropTableIfExists(values ...interface{}) *DB                                   { return s }
func (s *DB) HasTable(value interface{}) bool                                               { return false }
func (s *DB) AutoMigrate(values ...interface{}) *DB                                         { return s }
func (s *DB) ModifyColumn(column string, typ string) *DB                                    { return s }
func (s *DB) DropColumn(column string) *DB                                                  { return s }
func (s *DB) AddIndex(indexName string, columns ...string) *DB                              { return s }
func (s *DB) AddUniqueIndex(indexName string, columns ...string) *DB                        { return s }
func (s *DB) RemoveIndex(indexName string) *DB                                              { return s }
func (s *DB) AddForeignKey(field string, dest string, onDelete string, onUpdate string) *DB { return s }
func (s *DB) RemoveForeignKey(field string, dest string) *DB                                { return s }
func (s *DB) Preload(column string, conditions ...interface{}) *DB                          { return s }
func (s *DB) Set(name string, value interface{}) *DB                                        { return s }
func (s *DB) InstantSet(name string, value interface{}) *DB                                 { return s }
func (s *DB) Get(name string) (value interface{}, ok bool)                                  { return nil, false }
func (s *DB) AddError(err error) error                                                      { return nil }

func (s *DB) Transaction(fc func(tx *DB) error) (err error) { return fc(s) }
