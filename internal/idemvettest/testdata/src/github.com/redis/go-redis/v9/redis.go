// Package redis is a stand-in for github.com/redis/go-redis/v9.
package redis

import (
	"context"
	"time"
)

const Nil = RedisError("redis: nil")

type RedisError string

func (e RedisError) Error() string { return string(e) }

type StringCmd struct{}

func (cmd *StringCmd) Result() (string, error) { return "", nil }
func (cmd *StringCmd) Val() string             { return "" }
func (cmd *StringCmd) Int64() (int64, error)   { return 0, nil }
func (cmd *StringCmd) Int() (int, error)       { return 0, nil }

type StatusCmd struct{}

func (cmd *StatusCmd) Err() error { return nil }

type IntCmd struct{}

func (cmd *IntCmd) Result() (int64, error) { return 0, nil }
func (cmd *IntCmd) Err() error             { return nil }

type BoolCmd struct{}

func (cmd *BoolCmd) Result() (bool, error) { return false, nil }
func (cmd *BoolCmd) Val() bool             { return false }

type cmdable func(ctx context.Context, cmd interface{}) error

func (c cmdable) Get(ctx context.Context, key string) *StringCmd { return nil }
func (c cmdable) Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return nil
}
func (c cmdable) SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd {
	return nil
}
func (c cmdable) IncrBy(ctx context.Context, key string, value int64) *IntCmd { return nil }
func (c cmdable) HGet(ctx context.Context, key, field string) *StringCmd      { return nil }
func (c cmdable) HSet(ctx context.Context, key string, values ...interface{}) *IntCmd {
	return nil
}

type Client struct {
	cmdable
}

func NewClient(opt *Options) *Client { return &Client{} }

type Options struct{ Addr string }

// StringCmdable, Cmdable and UniversalClient are the interfaces go-redis
// clients implement (its methods reached through them).
type StringCmdable interface {
	SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd
}

type Cmdable interface {
	StringCmdable
	Get(ctx context.Context, key string) *StringCmd
}

type UniversalClient interface {
	Cmdable
}
