// Package pop is a stand-in for github.com/gobuffalo/pop/v6 v6.4.1:
// Connection, Query and Tx with the real signatures of the methods the
// model reads, bodies that do nothing.
package pop

import (
	"context"
	"database/sql"

	"github.com/gobuffalo/validate/v3"
)

// Tx is a connection's transaction (the real one embeds *sqlx.Tx, which
// embeds *sql.Tx).
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

// ScopeFunc adds to a query.
type ScopeFunc func(q *Query) *Query

// Connect opens the connection the environment names.
func Connect(env string) (*Connection, error) { return &Connection{}, nil }

// Q starts a query on c.
func Q(c *Connection) *Query { return &Query{Connection: c} }

func (c *Connection) Q() *Query                                   { return Q(c) }
func (c *Connection) Where(stmt string, args ...any) *Query       { return Q(c).Where(stmt, args...) }
func (c *Connection) RawQuery(stmt string, args ...any) *Query    { return Q(c).RawQuery(stmt, args...) }
func (c *Connection) Select(fields ...string) *Query              { return Q(c).Select(fields...) }
func (c *Connection) Order(stmt string, args ...any) *Query       { return Q(c).Order(stmt, args...) }
func (c *Connection) Limit(limit int) *Query                      { return Q(c).Limit(limit) }
func (c *Connection) Paginate(page, perPage int) *Query           { return Q(c).Paginate(page, perPage) }
func (c *Connection) Scope(sf ScopeFunc) *Query                   { return Q(c).Scope(sf) }
func (c *Connection) BelongsTo(model any) *Query                  { return Q(c).BelongsTo(model) }
func (c *Connection) EagerPreload(fields ...string) *Query        { return Q(c).EagerPreload(fields...) }
func (c *Connection) Eager(fields ...string) *Connection          { return c }
func (c *Connection) WithContext(ctx context.Context) *Connection { return c }
func (c *Connection) Context() context.Context                    { return context.Background() }

func (c *Connection) Find(model, id any) error     { return Q(c).Find(model, id) }
func (c *Connection) First(model any) error        { return Q(c).First(model) }
func (c *Connection) Last(model any) error         { return Q(c).Last(model) }
func (c *Connection) All(models any) error         { return Q(c).All(models) }
func (c *Connection) Count(model any) (int, error) { return Q(c).Count(model) }
func (c *Connection) Reload(model any) error       { return nil }
func (c *Connection) Load(model any, fields ...string) error {
	return nil
}
func (c *Connection) Create(model any, excludeColumns ...string) error { return nil }
func (c *Connection) ValidateAndCreate(model any, excludeColumns ...string) (*validate.Errors, error) {
	return &validate.Errors{}, nil
}
func (c *Connection) Update(model any, excludeColumns ...string) error { return nil }
func (c *Connection) ValidateAndUpdate(model any, excludeColumns ...string) (*validate.Errors, error) {
	return &validate.Errors{}, nil
}
func (c *Connection) UpdateColumns(model any, columnNames ...string) error { return nil }
func (c *Connection) Save(model any, excludeColumns ...string) error       { return nil }
func (c *Connection) ValidateAndSave(model any, excludeColumns ...string) (*validate.Errors, error) {
	return &validate.Errors{}, nil
}
func (c *Connection) Destroy(model any) error { return nil }

// Transaction runs fn inside a transaction, committed when fn returns nil.
func (c *Connection) Transaction(fn func(tx *Connection) error) error { return fn(c) }

// Rollback runs fn inside a transaction that is always rolled back.
func (c *Connection) Rollback(fn func(tx *Connection)) error { fn(c); return nil }

// NewTransaction returns a connection on a new transaction.
func (c *Connection) NewTransaction() (*Connection, error) { return c, nil }
func (c *Connection) NewTransactionContext(ctx context.Context) (*Connection, error) {
	return c, nil
}

func (q *Query) Where(stmt string, args ...any) *Query         { return q }
func (q *Query) RawQuery(stmt string, args ...any) *Query      { return q }
func (q *Query) Select(fields ...string) *Query                { return q }
func (q *Query) Order(stmt string, args ...any) *Query         { return q }
func (q *Query) Limit(limit int) *Query                        { return q }
func (q *Query) Paginate(page, perPage int) *Query             { return q }
func (q *Query) Scope(sf ScopeFunc) *Query                     { return q }
func (q *Query) BelongsTo(model any) *Query                    { return q }
func (q *Query) Eager(fields ...string) *Query                 { return q }
func (q *Query) EagerPreload(fields ...string) *Query          { return q }
func (q *Query) GroupBy(field string, fields ...string) *Query { return q }
func (q *Query) Join(table, on string, args ...any) *Query     { return q }
func (q *Query) LeftJoin(table, on string, args ...any) *Query { return q }

func (q *Query) Find(model, id any) error       { return nil }
func (q *Query) First(model any) error          { return nil }
func (q *Query) Last(model any) error           { return nil }
func (q *Query) All(models any) error           { return nil }
func (q *Query) Exists(model any) (bool, error) { return false, nil }
func (q Query) Count(model any) (int, error)    { return 0, nil }
func (q Query) CountByField(model any, field string) (int, error) {
	return 0, nil
}
func (q *Query) Delete(model any) error { return nil }
func (q *Query) UpdateQuery(model any, columnNames ...string) (int64, error) {
	return 0, nil
}
func (q *Query) Exec() error                 { return nil }
func (q *Query) ExecWithCount() (int, error) { return 0, nil }

// Model is a model value with its table: (&pop.Model{Value: User{}}).TableName().
type Model struct {
	Value any
	As    string
}

// TableName returns the model's table.
func (m *Model) TableName() string { return "" }

// NewModel wraps a model value (pop.NewModel(v, ctx)).
func NewModel(v any, ctx context.Context) *Model { return &Model{Value: v} }

// Column is one column of a model.
type Column struct {
	Name     string
	Writable bool
}

// Columns are a model's columns, by name (pop's columns.Columns).
type Columns struct {
	Cols map[string]*Column
}

// Columns returns the model's columns.
func (m *Model) Columns() Columns { return Columns{} }

// IDField returns the name of the model's primary key column.
func (m *Model) IDField() string { return "id" }

// ID returns the model's primary key value.
func (m *Model) ID() any { return nil }
