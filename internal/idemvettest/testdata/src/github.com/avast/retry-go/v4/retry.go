// Package retry is a stand-in for github.com/avast/retry-go/v4.
package retry

import (
	"context"
	"time"
)

type Config struct{}

type Option func(*Config)

type RetryableFunc func() error

type RetryableFuncWithData[T any] func() (T, error)

type RetryIfFunc func(error) bool

func Attempts(attempts uint) Option           { return nil }
func Delay(delay time.Duration) Option        { return nil }
func Context(ctx context.Context) Option      { return nil }
func RetryIf(retryIf RetryIfFunc) Option      { return nil }
func LastErrorOnly(lastErrorOnly bool) Option { return nil }

func Do(retryableFunc RetryableFunc, opts ...Option) error { return retryableFunc() }

func DoWithData[T any](retryableFunc RetryableFuncWithData[T], opts ...Option) (T, error) {
	return retryableFunc()
}

func Unrecoverable(err error) error { return err }
