// Package backoff is a stand-in for github.com/cenkalti/backoff/v4.
package backoff

import (
	"context"
	"time"
)

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

const Stop time.Duration = -1

type ExponentialBackOff struct {
	InitialInterval time.Duration
	MaxElapsedTime  time.Duration
}

func NewExponentialBackOff() *ExponentialBackOff          { return &ExponentialBackOff{} }
func (b *ExponentialBackOff) NextBackOff() time.Duration  { return b.InitialInterval }
func (b *ExponentialBackOff) Reset()                      {}
func WithMaxRetries(b BackOff, max uint64) BackOff        { return b }
func WithContext(b BackOff, ctx context.Context) BackOff  { return b }
func NewConstantBackOff(d time.Duration) *ConstantBackOff { return &ConstantBackOff{Interval: d} }

type ConstantBackOff struct{ Interval time.Duration }

func (b *ConstantBackOff) NextBackOff() time.Duration { return b.Interval }
func (b *ConstantBackOff) Reset()                     {}

type Operation func() error

type OperationWithData[T any] func() (T, error)

type Notify func(error, time.Duration)

func Retry(o Operation, b BackOff) error                                { return o() }
func RetryNotify(o Operation, b BackOff, n Notify) error                { return o() }
func RetryWithData[T any](o OperationWithData[T], b BackOff) (T, error) { return o() }
func RetryNotifyWithData[T any](o OperationWithData[T], b BackOff, n Notify) (T, error) {
	return o()
}

type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return e.Err.Error() }

func Permanent(err error) error { return &PermanentError{Err: err} }
