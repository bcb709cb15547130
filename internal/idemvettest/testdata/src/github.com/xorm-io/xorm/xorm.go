// Package xorm is a stand-in for github.com/xorm-io/xorm v1.1.6, a fork of
// xorm.io/xorm under its own import path: the Engine and Session methods
// the golden cases call, with the fork's signatures (Get and Delete take
// one bean), bodies that do nothing.
package xorm

import "database/sql"

// Engine is the database handle: each of its methods starts a session.
type Engine struct{ db *sql.DB }

// NewEngine opens an engine.
func NewEngine(driverName string, dataSourceName string) (*Engine, error) { return &Engine{}, nil }

// Session is one statement's settings, and a transaction after Begin.
type Session struct{ engine *Engine }

func (engine *Engine) NewSession() *Session { return &Session{engine: engine} }

func (session *Session) Begin() error    { return nil }
func (session *Session) Commit() error   { return nil }
func (session *Session) Rollback() error { return nil }
func (session *Session) Close() error    { return nil }

func (session *Session) AllCols() *Session                                     { return session }
func (session *Session) Cols(columns ...string) *Session                       { return session }
func (session *Session) ForUpdate() *Session                                   { return session }
func (session *Session) ID(id interface{}) *Session                            { return session }
func (session *Session) Where(query interface{}, args ...interface{}) *Session { return session }

func (session *Session) Get(bean interface{}) (bool, error)         { return false, nil }
func (session *Session) Exist(bean ...interface{}) (bool, error)    { return false, nil }
func (session *Session) Insert(beans ...interface{}) (int64, error) { return 0, nil }
func (session *Session) Update(bean interface{}, condiBean ...interface{}) (int64, error) {
	return 0, nil
}
func (session *Session) Delete(bean interface{}) (int64, error) { return 0, nil }

func (engine *Engine) AllCols() *Session               { return engine.NewSession().AllCols() }
func (engine *Engine) Cols(columns ...string) *Session { return engine.NewSession().Cols(columns...) }
func (engine *Engine) ID(id interface{}) *Session      { return engine.NewSession().ID(id) }
func (engine *Engine) Where(query interface{}, args ...interface{}) *Session {
	return engine.NewSession().Where(query, args...)
}
func (engine *Engine) Get(bean interface{}) (bool, error) { return engine.NewSession().Get(bean) }
func (engine *Engine) Exist(bean ...interface{}) (bool, error) {
	return engine.NewSession().Exist(bean...)
}
func (engine *Engine) Insert(beans ...interface{}) (int64, error) {
	return engine.NewSession().Insert(beans...)
}
func (engine *Engine) Update(bean interface{}, condiBeans ...interface{}) (int64, error) {
	return engine.NewSession().Update(bean, condiBeans...)
}
func (engine *Engine) Delete(bean interface{}) (int64, error) {
	return engine.NewSession().Delete(bean)
}
