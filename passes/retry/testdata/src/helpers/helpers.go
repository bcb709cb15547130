// Package helpers declares retry helpers and functions that run their
// func argument; the facts are what callers in other packages see.
package helpers

import (
	"context"
	"database/sql"
	"time"

	backoffv4 "github.com/cenkalti/backoff/v4"
)

func Retry(attempts int, fn func() error) error { // want Retry:"retries p1 \\(the loop\\)"
	var err error
	for i := 0; i < attempts; i++ {
		if err = fn(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func WithBackoff(ctx context.Context, op func() error) error { // want WithBackoff:"retries p1 \\(backoff.Retry\\)"
	return backoffv4.Retry(op, backoffv4.WithContext(backoffv4.NewExponentialBackOff(), ctx))
}

func WithBackoffClosure(ctx context.Context, op func(context.Context) error) error { // want WithBackoffClosure:"retries p1 \\(backoff.Retry\\)"
	return backoffv4.Retry(func() error { return op(ctx) }, backoffv4.NewExponentialBackOff())
}

func Twice(fn func() error) error { // want Twice:"retries p0 \\(helpers.Retry\\)"
	return Retry(2, fn)
}

type Runner struct{ N int }

func (r *Runner) Do(fn func() error) error { // want Do:"retries p1 \\(the loop\\)"
	for i := 0; ; i++ {
		err := fn()
		if err == nil || i >= r.N {
			return err
		}
	}
}

// WithSerializable runs fn again on serialization failures, through a
// function that runs it once.
func WithSerializable(db *sql.DB, fn func(*sql.Tx) error) error { // want WithSerializable:"retries p1 \\(the loop\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = runOnce(db, fn)
		if !isSerializationFailure(err) {
			return err
		}
	}
	return err
}

func runOnce(db *sql.DB, fn func(*sql.Tx) error) error { // want runOnce:"runs p1"
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

func isSerializationFailure(err error) bool { return err != nil && err.Error() == "40001" }

func Once(fn func() error) error { // want Once:"runs p0"
	return fn()
}

// Each calls fn once per item: not a retry.
func Each(items []string, fn func(string) error) error { // want Each:"runs p1"
	for _, it := range items {
		if err := fn(it); err != nil {
			return err
		}
	}
	return nil
}

// Later stores fn for later: it neither runs nor retries it.
func Later(fn func()) func() { return fn }

// Async runs fn in a goroutine.
func Async(fn func()) { go fn() }
