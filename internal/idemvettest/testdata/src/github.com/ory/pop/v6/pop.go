// Package pop is a stand-in for github.com/ory/pop/v6, ory's fork of
// gobuffalo/pop (v6.4.2 pseudo-versions of 2026): the methods ory's
// services call, with the fork's signatures and bodies that do nothing.
package pop

import (
	"context"
	"database/sql"
)

// Tx is a connection's transaction.
type Tx struct {
	*sql.Tx
	ID int
}

// Connection is the database handle, or a transaction when TX is set.
type Connection struct {
	ID      string
	TX      *Tx
	Dialect dialect
}

type quotable interface {
	Quote(key string) string
}

// dialect is the database's dialect; Quote quotes an identifier for it.
type dialect interface {
	quotable
	Name() string
}

// Query is one statement's settings; its methods change it in place.
type Query struct {
	RawSQL     string
	Connection *Connection
}

func (c *Connection) Q() *Query                                   { return &Query{Connection: c} }
func (c *Connection) Where(stmt string, args ...any) *Query       { return c.Q().Where(stmt, args...) }
func (c *Connection) RawQuery(stmt string, args ...any) *Query    { return c.Q().RawQuery(stmt, args...) }
func (c *Connection) WithContext(ctx context.Context) *Connection { return c }
func (c *Connection) Find(model, id any) error                    { return nil }
func (c *Connection) First(model any) error                       { return nil }
func (c *Connection) Create(model any, excludeColumns ...string) error {
	return nil
}
func (c *Connection) Update(model any, excludeColumns ...string) error { return nil }
func (c *Connection) UpdateColumns(model any, columnNames ...string) error {
	return nil
}
func (c *Connection) Destroy(model any) error { return nil }

// Transaction runs fn inside a transaction, committed when fn returns nil.
func (c *Connection) Transaction(fn func(tx *Connection) error) error { return fn(c) }

func (q *Query) Where(stmt string, args ...any) *Query    { return q }
func (q *Query) RawQuery(stmt string, args ...any) *Query { return q }
func (q *Query) First(model any) error                    { return nil }
func (q *Query) All(models any) error                     { return nil }
func (q *Query) Exists(model any) (bool, error)           { return false, nil }
func (q Query) Count(model any) (int, error)              { return 0, nil }
func (q *Query) Delete(model any) error                   { return nil }
func (q *Query) UpdateQuery(model any, columnNames ...string) (int64, error) {
	return 0, nil
}
func (q *Query) Exec() error                 { return nil }
func (q *Query) ExecWithCount() (int, error) { return 0, nil }
