// Package pgxpool is a stand-in for github.com/jackc/pgx/v5/pgxpool.
package pgxpool

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type Pool struct{}

func New(ctx context.Context, connString string) (*Pool, error) { return &Pool{}, nil }

func (p *Pool) Close() {}
func (p *Pool) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}
func (p *Pool) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { return nil, nil }
func (p *Pool) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row        { return nil }
func (p *Pool) Begin(ctx context.Context) (pgx.Tx, error)                            { return nil, nil }
func (p *Pool) BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error) { return nil, nil }
func (p *Pool) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults         { return nil }
func (p *Pool) Acquire(ctx context.Context) (*Conn, error)                           { return nil, nil }

type Conn struct{}

func (c *Conn) Release() {}
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}
func (c *Conn) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { return nil, nil }
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row        { return nil }
func (c *Conn) Begin(ctx context.Context) (pgx.Tx, error)                            { return nil, nil }
func (c *Conn) BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error) { return nil, nil }
func (c *Conn) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults         { return nil }

type Config struct {
	AfterConnect func(context.Context, *pgx.Conn) error
}

func ParseConfig(connString string) (*Config, error)                   { return &Config{}, nil }
func NewWithConfig(ctx context.Context, config *Config) (*Pool, error) { return &Pool{}, nil }
