// Package backoff is a stand-in for github.com/cenkalti/backoff (v2.2.1+incompatible, the path before v4).
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

type Notify func(error, time.Duration)

func Retry(o Operation, b BackOff) error                 { return o() }
func RetryNotify(o Operation, b BackOff, n Notify) error { return o() }
