// Package loopshapes pins which loops the pass treats as retries.
package loopshapes

import (
	"errors"
	"net/http"
	"time"
)

func op() error                     { return nil }
func get() (*http.Response, error)  { return nil, nil }
func page(c string) (string, error) { return "", nil }
func temporary(err error) bool      { return true }

func CountedSleep() error {
	var err error
	for i := 0; i < 3; i++ { // want `region the loop repeats op`
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func Status() error {
	for { // want `region the loop repeats get`
		resp, err := get()
		if err != nil {
			return err
		}
		if resp.StatusCode/100 == 5 {
			continue
		}
		return nil
	}
}

func Predicate() error {
	for attempt := 0; attempt < 5; attempt++ { // want `region the loop repeats op`
		err := op()
		if err == nil || !temporary(err) {
			return err
		}
	}
	return errors.New("gave up")
}

func RateLimit() error {
	for i := 0; i < 3; i++ { // want `region the loop repeats get \(429 only\)`
		resp, err := get()
		if err != nil {
			return err
		}
		if resp.StatusCode != 429 {
			return nil
		}
	}
	return nil
}

func ContinueOnSuccess(items []string) error {
	for i := 0; i < len(items); i++ {
		if err := op(); err != nil {
			return err
		}
	}
	return nil
}

func Range(items []string) error {
	for range items {
		if err := op(); err == nil {
			return nil
		}
	}
	return nil
}

func Cursor() error {
	c := ""
	for i := 0; i < 10; i++ {
		next, err := page(c)
		if err != nil {
			c = ""
			continue
		}
		if next == "" {
			return nil
		}
		c = next
	}
	return nil
}
