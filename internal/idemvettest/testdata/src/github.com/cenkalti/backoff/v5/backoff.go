// Package backoff is a stand-in for github.com/cenkalti/backoff/v5.
package backoff

import (
	"context"
	"time"
)

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

type ExponentialBackOff struct{ InitialInterval time.Duration }

func NewExponentialBackOff() *ExponentialBackOff         { return &ExponentialBackOff{} }
func (b *ExponentialBackOff) NextBackOff() time.Duration { return b.InitialInterval }
func (b *ExponentialBackOff) Reset()                     {}

type Operation[T any] func() (T, error)

type retryOptions struct{}

type RetryOption func(*retryOptions)

func WithBackOff(b BackOff) RetryOption              { return nil }
func WithMaxTries(n uint) RetryOption                { return nil }
func WithMaxElapsedTime(d time.Duration) RetryOption { return nil }

func Retry[T any](ctx context.Context, operation Operation[T], opts ...RetryOption) (T, error) {
	return operation()
}

type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return e.Err.Error() }

func Permanent(err error) error { return &PermanentError{Err: err} }
