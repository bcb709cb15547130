// Package retryutil is an application's own retry helper.
package retryutil

import "time"

// Do calls fn until it succeeds, at most n times.
func Do(n int, fn func() error) error {
	var err error
	for i := 0; i < n; i++ {
		if err = fn(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return err
}

// Twice calls fn through Do.
func Twice(fn func() error) error {
	return Do(2, fn)
}

// Once calls fn one time.
func Once(fn func() error) error {
	return fn()
}
