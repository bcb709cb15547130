// Package pgx is a stand-in for github.com/jackc/pgx/v4 v4.18: the query
// methods with their real signatures, bodies that do nothing.
package pgx

import (
	"context"
	"errors"

	"github.com/jackc/pgconn"
)

var ErrNoRows = errors.New("no rows in result set")

type Row interface {
	Scan(dest ...interface{}) error
}

type Rows interface {
	Close()
	Err() error
	CommandTag() pgconn.CommandTag
	Next() bool
	Scan(dest ...interface{}) error
	Values() ([]interface{}, error)
}

type BatchResults interface {
	Exec() (pgconn.CommandTag, error)
	Close() error
}

type Batch struct{}

func (b *Batch) Queue(query string, arguments ...interface{}) {}

type TxIsoLevel string

const (
	Serializable   TxIsoLevel = "serializable"
	RepeatableRead TxIsoLevel = "repeatable read"
	ReadCommitted  TxIsoLevel = "read committed"
)

type TxOptions struct {
	IsoLevel TxIsoLevel
}

type Tx interface {
	Begin(ctx context.Context) (Tx, error)
	BeginFunc(ctx context.Context, f func(Tx) error) (err error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
	SendBatch(ctx context.Context, b *Batch) BatchResults
	Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error)
	Exec(ctx context.Context, sql string, arguments ...interface{}) (commandTag pgconn.CommandTag, err error)
	Query(ctx context.Context, sql string, args ...interface{}) (Rows, error)
	QueryRow(ctx context.Context, sql string, args ...interface{}) Row
	Conn() *Conn
}

type Conn struct{}

func Connect(ctx context.Context, connString string) (*Conn, error) { return &Conn{}, nil }

func (c *Conn) Close(ctx context.Context) error { return nil }
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return nil, nil
}
func (c *Conn) Query(ctx context.Context, sql string, args ...interface{}) (Rows, error) {
	return nil, nil
}
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...interface{}) Row { return nil }
func (c *Conn) SendBatch(ctx context.Context, b *Batch) BatchResults              { return nil }
func (c *Conn) Prepare(ctx context.Context, name, sql string) (sd *pgconn.StatementDescription, err error) {
	return nil, nil
}
func (c *Conn) Begin(ctx context.Context) (Tx, error)                        { return nil, nil }
func (c *Conn) BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error) { return nil, nil }
func (c *Conn) BeginFunc(ctx context.Context, f func(Tx) error) (err error)  { return nil }
func (c *Conn) BeginTxFunc(ctx context.Context, txOptions TxOptions, f func(Tx) error) (err error) {
	return nil
}
