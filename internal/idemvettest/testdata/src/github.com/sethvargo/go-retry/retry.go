// Package retry is a stand-in for github.com/sethvargo/go-retry.
package retry

import (
	"context"
	"time"
)

type Backoff interface {
	Next() (next time.Duration, stop bool)
}

type constant time.Duration

func (c constant) Next() (time.Duration, bool) { return time.Duration(c), false }

func NewConstant(t time.Duration) Backoff              { return constant(t) }
func NewExponential(base time.Duration) Backoff        { return constant(base) }
func NewFibonacci(base time.Duration) Backoff          { return constant(base) }
func WithMaxRetries(max uint64, next Backoff) Backoff  { return next }
func WithJitter(j time.Duration, next Backoff) Backoff { return next }

type RetryFunc func(ctx context.Context) error

type RetryFuncValue[T any] func(ctx context.Context) (T, error)

type retryableError struct{ err error }

func (e *retryableError) Error() string { return e.err.Error() }

func RetryableError(err error) error { return &retryableError{err} }

func Do(ctx context.Context, b Backoff, f RetryFunc) error { return f(ctx) }

func DoValue[T any](ctx context.Context, b Backoff, f RetryFuncValue[T]) (T, error) { return f(ctx) }

func Constant(ctx context.Context, t time.Duration, f RetryFunc) error { return f(ctx) }
