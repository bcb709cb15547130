// Package xorm is a stand-in for xorm.io/xorm v1.3.11: Engine, Session
// and Interface with the real signatures of the methods the model reads,
// bodies that do nothing.
package xorm

import (
	"context"
	"database/sql"
)

// Engine is the database handle: each of its methods starts a session.
type Engine struct{ db *sql.DB }

// NewEngine opens an engine.
func NewEngine(driverName string, dataSourceName string) (*Engine, error) { return &Engine{}, nil }

// Session is one statement's settings, and a transaction after Begin.
type Session struct {
	engine *Engine
	conds  []interface{}
}

func (engine *Engine) NewSession() *Session { return &Session{engine: engine} }

func (engine *Engine) Transaction(f func(*Session) (interface{}, error)) (interface{}, error) {
	s := engine.NewSession()
	return f(s)
}

func (session *Session) Begin() error    { return nil }
func (session *Session) Commit() error   { return nil }
func (session *Session) Rollback() error { return nil }
func (session *Session) Close() error    { return nil }

func (session *Session) After(closures func(interface{})) *Session           { return session }
func (session *Session) Alias(alias string) *Session                         { return session }
func (session *Session) AllCols() *Session                                   { return session }
func (session *Session) And(query interface{}, args ...interface{}) *Session { return session }
func (session *Session) Asc(colNames ...string) *Session                     { return session }
func (session *Session) Cols(columns ...string) *Session                     { return session }
func (session *Session) Context(ctx context.Context) *Session                { return session }
func (session *Session) Decr(column string, arg ...interface{}) *Session     { return session }
func (session *Session) Desc(colNames ...string) *Session                    { return session }
func (session *Session) Distinct(columns ...string) *Session                 { return session }
func (session *Session) ForUpdate() *Session                                 { return session }
func (session *Session) GroupBy(keys string) *Session                        { return session }
func (session *Session) ID(id interface{}) *Session                          { return session }
func (session *Session) In(column string, args ...interface{}) *Session      { return session }
func (session *Session) Incr(column string, arg ...interface{}) *Session     { return session }
func (session *Session) Join(joinOperator string, tablename interface{}, condition interface{}, args ...interface{}) *Session {
	return session
}
func (session *Session) Limit(limit int, start ...int) *Session                  { return session }
func (session *Session) MustCols(columns ...string) *Session                     { return session }
func (session *Session) NoAutoCondition(no ...bool) *Session                     { return session }
func (session *Session) NoAutoTime() *Session                                    { return session }
func (session *Session) NoVersionCheck() *Session                                { return session }
func (session *Session) NotIn(column string, args ...interface{}) *Session       { return session }
func (session *Session) Omit(columns ...string) *Session                         { return session }
func (session *Session) Or(query interface{}, args ...interface{}) *Session      { return session }
func (session *Session) OrderBy(order interface{}, args ...interface{}) *Session { return session }
func (session *Session) SQL(query interface{}, args ...interface{}) *Session     { return session }
func (session *Session) Select(str string) *Session                              { return session }
func (session *Session) SetExpr(column string, expression interface{}) *Session  { return session }
func (session *Session) Table(tableNameOrBean interface{}) *Session              { return session }
func (session *Session) Unscoped() *Session                                      { return session }
func (session *Session) UseBool(columns ...string) *Session                      { return session }
func (session *Session) Where(query interface{}, args ...interface{}) *Session   { return session }
func (engine *Engine) After(closures func(interface{})) *Session {
	return engine.NewSession().After(closures)
}
func (engine *Engine) Alias(alias string) *Session { return engine.NewSession().Alias(alias) }
func (engine *Engine) AllCols() *Session           { return engine.NewSession().AllCols() }
func (engine *Engine) And(query interface{}, args ...interface{}) *Session {
	return engine.NewSession().And(query, args...)
}
func (engine *Engine) Asc(colNames ...string) *Session      { return engine.NewSession().Asc(colNames...) }
func (engine *Engine) Cols(columns ...string) *Session      { return engine.NewSession().Cols(columns...) }
func (engine *Engine) Context(ctx context.Context) *Session { return engine.NewSession().Context(ctx) }
func (engine *Engine) Decr(column string, arg ...interface{}) *Session {
	return engine.NewSession().Decr(column, arg...)
}
func (engine *Engine) Desc(colNames ...string) *Session { return engine.NewSession().Desc(colNames...) }
func (engine *Engine) Distinct(columns ...string) *Session {
	return engine.NewSession().Distinct(columns...)
}
func (engine *Engine) GroupBy(keys string) *Session { return engine.NewSession().GroupBy(keys) }
func (engine *Engine) ID(id interface{}) *Session   { return engine.NewSession().ID(id) }
func (engine *Engine) In(column string, args ...interface{}) *Session {
	return engine.NewSession().In(column, args...)
}
func (engine *Engine) Incr(column string, arg ...interface{}) *Session {
	return engine.NewSession().Incr(column, arg...)
}
func (engine *Engine) Join(joinOperator string, tablename interface{}, condition interface{}, args ...interface{}) *Session {
	return engine.NewSession().Join(joinOperator, tablename, condition, args...)
}
func (engine *Engine) Limit(limit int, start ...int) *Session {
	return engine.NewSession().Limit(limit, start...)
}
func (engine *Engine) MustCols(columns ...string) *Session {
	return engine.NewSession().MustCols(columns...)
}
func (engine *Engine) NoAutoCondition(no ...bool) *Session {
	return engine.NewSession().NoAutoCondition(no...)
}
func (engine *Engine) NoAutoTime() *Session { return engine.NewSession().NoAutoTime() }
func (engine *Engine) NotIn(column string, args ...interface{}) *Session {
	return engine.NewSession().NotIn(column, args...)
}
func (engine *Engine) Omit(columns ...string) *Session { return engine.NewSession().Omit(columns...) }
func (engine *Engine) Or(query interface{}, args ...interface{}) *Session {
	return engine.NewSession().Or(query, args...)
}
func (engine *Engine) OrderBy(order interface{}, args ...interface{}) *Session {
	return engine.NewSession().OrderBy(order, args...)
}
func (engine *Engine) SQL(query interface{}, args ...interface{}) *Session {
	return engine.NewSession().SQL(query, args...)
}
func (engine *Engine) Select(str string) *Session { return engine.NewSession().Select(str) }
func (engine *Engine) SetExpr(column string, expression interface{}) *Session {
	return engine.NewSession().SetExpr(column, expression)
}
func (engine *Engine) Table(tableNameOrBean interface{}) *Session {
	return engine.NewSession().Table(tableNameOrBean)
}
func (engine *Engine) Unscoped() *Session { return engine.NewSession().Unscoped() }
func (engine *Engine) UseBool(columns ...string) *Session {
	return engine.NewSession().UseBool(columns...)
}
func (engine *Engine) Where(query interface{}, args ...interface{}) *Session {
	return engine.NewSession().Where(query, args...)
}
func (session *Session) Count(bean ...interface{}) (int64, error) { return 0, nil }
func (engine *Engine) Count(bean ...interface{}) (int64, error) {
	return engine.NewSession().Count(bean...)
}
func (session *Session) Delete(beans ...interface{}) (int64, error) { return 0, nil }
func (engine *Engine) Delete(beans ...interface{}) (int64, error) {
	return engine.NewSession().Delete(beans...)
}
func (session *Session) Exec(sqlOrArgs ...interface{}) (sql.Result, error) { return nil, nil }
func (engine *Engine) Exec(sqlOrArgs ...interface{}) (sql.Result, error) {
	return engine.NewSession().Exec(sqlOrArgs...)
}
func (session *Session) Exist(bean ...interface{}) (bool, error) { return false, nil }
func (engine *Engine) Exist(bean ...interface{}) (bool, error) {
	return engine.NewSession().Exist(bean...)
}
func (session *Session) Find(rowsSlicePtr interface{}, condiBean ...interface{}) error { return nil }
func (engine *Engine) Find(rowsSlicePtr interface{}, condiBean ...interface{}) error {
	return engine.NewSession().Find(rowsSlicePtr, condiBean...)
}
func (session *Session) FindAndCount(rowsSlicePtr interface{}, condiBean ...interface{}) (int64, error) {
	return 0, nil
}
func (engine *Engine) FindAndCount(rowsSlicePtr interface{}, condiBean ...interface{}) (int64, error) {
	return engine.NewSession().FindAndCount(rowsSlicePtr, condiBean...)
}
func (session *Session) Get(beans ...interface{}) (bool, error) { return false, nil }
func (engine *Engine) Get(beans ...interface{}) (bool, error) {
	return engine.NewSession().Get(beans...)
}
func (session *Session) Insert(beans ...interface{}) (int64, error) { return 0, nil }
func (engine *Engine) Insert(beans ...interface{}) (int64, error) {
	return engine.NewSession().Insert(beans...)
}
func (session *Session) InsertOne(bean interface{}) (int64, error) { return 0, nil }
// Sync creates the beans' tables, or adds the columns and indexes they
// lack.
func (engine *Engine) Sync(beans ...interface{}) error  { return nil }
func (engine *Engine) Sync2(beans ...interface{}) error { return nil }

func (engine *Engine) InsertOne(bean interface{}) (int64, error) {
	return engine.NewSession().InsertOne(bean)
}
func (session *Session) Query(sqlOrArgs ...interface{}) ([]map[string][]byte, error) { return nil, nil }
func (engine *Engine) Query(sqlOrArgs ...interface{}) ([]map[string][]byte, error) {
	return engine.NewSession().Query(sqlOrArgs...)
}
func (session *Session) QueryString(sqlOrArgs ...interface{}) ([]map[string]string, error) {
	return nil, nil
}
func (engine *Engine) QueryString(sqlOrArgs ...interface{}) ([]map[string]string, error) {
	return engine.NewSession().QueryString(sqlOrArgs...)
}
func (session *Session) Update(bean interface{}, condiBean ...interface{}) (int64, error) {
	return 0, nil
}
func (engine *Engine) Update(bean interface{}, condiBean ...interface{}) (int64, error) {
	return engine.NewSession().Update(bean, condiBean...)
}

// Interface is implemented by Engine, EngineGroup and Session.
type Interface interface {
	Alias(alias string) *Session
	AllCols() *Session
	Asc(colNames ...string) *Session
	Cols(columns ...string) *Session
	Decr(column string, arg ...interface{}) *Session
	Desc(colNames ...string) *Session
	Distinct(columns ...string) *Session
	GroupBy(keys string) *Session
	ID(id interface{}) *Session
	In(column string, args ...interface{}) *Session
	Incr(column string, arg ...interface{}) *Session
	Join(joinOperator string, tablename interface{}, condition interface{}, args ...interface{}) *Session
	Limit(limit int, start ...int) *Session
	MustCols(columns ...string) *Session
	NoAutoCondition(no ...bool) *Session
	NotIn(column string, args ...interface{}) *Session
	Omit(columns ...string) *Session
	OrderBy(order interface{}, args ...interface{}) *Session
	Select(str string) *Session
	SetExpr(column string, expression interface{}) *Session
	SQL(query interface{}, args ...interface{}) *Session
	Table(tableNameOrBean interface{}) *Session
	Unscoped() *Session
	UseBool(columns ...string) *Session
	Where(query interface{}, args ...interface{}) *Session
	Count(bean ...interface{}) (int64, error)
	Delete(beans ...interface{}) (int64, error)
	Exec(sqlOrArgs ...interface{}) (sql.Result, error)
	Exist(bean ...interface{}) (bool, error)
	Find(rowsSlicePtr interface{}, condiBean ...interface{}) error
	FindAndCount(rowsSlicePtr interface{}, condiBean ...interface{}) (int64, error)
	Get(beans ...interface{}) (bool, error)
	Insert(beans ...interface{}) (int64, error)
	InsertOne(bean interface{}) (int64, error)
	Query(sqlOrArgs ...interface{}) ([]map[string][]byte, error)
	QueryString(sqlOrArgs ...interface{}) ([]map[string]string, error)
	Update(bean interface{}, condiBean ...interface{}) (int64, error)
}

var _ Interface = &Session{}
var _ Interface = &Engine{}

// IterFunc is Iterate's callback, called with each row's bean.
type IterFunc func(idx int, bean interface{}) error

// Rows iterates over the rows of a Session.Rows query.
type Rows struct{}

func (rows *Rows) Next() bool                      { return false }
func (rows *Rows) Scan(beans ...interface{}) error { return nil }
func (rows *Rows) Close() error                    { return nil }

func (session *Session) Iterate(bean interface{}, fun IterFunc) error { return nil }
func (engine *Engine) Iterate(bean interface{}, fun IterFunc) error {
	return engine.NewSession().Iterate(bean, fun)
}
func (session *Session) Rows(bean interface{}) (*Rows, error) { return nil, nil }
func (engine *Engine) Rows(bean interface{}) (*Rows, error) {
	return engine.NewSession().Rows(bean)
}
func (session *Session) Sum(bean interface{}, columnName string) (float64, error) { return 0, nil }
func (engine *Engine) Sum(bean interface{}, colName string) (float64, error) {
	return engine.NewSession().Sum(bean, colName)
}
func (session *Session) SumInt(bean interface{}, columnName string) (int64, error) { return 0, nil }
func (engine *Engine) SumInt(bean interface{}, colName string) (int64, error) {
	return engine.NewSession().SumInt(bean, colName)
}
func (session *Session) Sums(bean interface{}, columnNames ...string) ([]float64, error) {
	return nil, nil
}
func (engine *Engine) Sums(bean interface{}, colNames ...string) ([]float64, error) {
	return engine.NewSession().Sums(bean, colNames...)
}
func (session *Session) SumsInt(bean interface{}, columnNames ...string) ([]int64, error) {
	return nil, nil
}
func (engine *Engine) SumsInt(bean interface{}, colNames ...string) ([]int64, error) {
	return engine.NewSession().SumsInt(bean, colNames...)
}
