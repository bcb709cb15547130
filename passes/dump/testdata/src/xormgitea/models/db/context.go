// Package db is a Gitea-style database layer over xorm (models/db): a
// global engine, a context type of its own carrying the session of a
// transaction begun in place (sess.Begin()), GetEngine picking it up, and
// WithTx running a callback with that context.
package db

import (
	"context"

	"xorm.io/xorm"
)

var x *xorm.Engine

// Engine is what GetEngine hands out: the engine or a transaction's session.
type Engine interface {
	Where(query interface{}, args ...interface{}) *xorm.Session
	ID(id interface{}) *xorm.Session
	Get(beans ...interface{}) (bool, error)
	Insert(beans ...interface{}) (int64, error)
}

type engineContextKey struct{}

type txContext struct {
	context.Context
	sess *xorm.Session
}

func (c *txContext) Value(key interface{}) interface{} {
	if key == (engineContextKey{}) {
		return c.sess
	}
	return c.Context.Value(key)
}

// GetEngine returns the session of the transaction ctx carries, else the engine.
func GetEngine(ctx context.Context) Engine {
	if sess, ok := ctx.Value(engineContextKey{}).(*xorm.Session); ok {
		return sess
	}
	return x.Context(ctx)
}

// WithTx runs f in a transaction carried by its context.
func WithTx(parent context.Context, f func(ctx context.Context) error) error { // want WithTx:"runs p1 in a transaction carried by its a0"
	sess := x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return err
	}
	if err := f(&txContext{Context: parent, sess: sess}); err != nil {
		return err
	}
	return sess.Commit()
}
