// Package httpx holds the service's HTTP plumbing: its own Retry helper and
// pre-configured retrying clients.
package httpx

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-retryablehttp"
)

// Retry calls fn until it succeeds, at most attempts times, sleeping with
// jittered exponential backoff between attempts.
func Retry(attempts int, fn func() error) error {
	var err error
	delay := 100 * time.Millisecond
	for i := 0; i < attempts; i++ {
		if err = fn(); err == nil {
			return nil
		}
		if i < attempts-1 {
			time.Sleep(delay + rand.N(delay))
			delay *= 2
		}
	}
	return fmt.Errorf("after %d attempts: %w", attempts, err)
}

// NewRetryingClient returns a go-retryablehttp client with the library's
// defaults: four retries on connection errors and 5xx answers.
func NewRetryingClient() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.Logger = nil
	return c
}

// NewSingleShotClient returns a go-retryablehttp client that never retries.
func NewSingleShotClient() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = 0
	c.Logger = nil
	return c
}

// NewResty returns a resty client that retries three times.
func NewResty(baseURL string) *resty.Client {
	return resty.New().
		SetBaseURL(baseURL).
		SetRetryCount(3).
		SetRetryWaitTime(200 * time.Millisecond).
		SetRetryMaxWaitTime(2 * time.Second)
}

// IsRetryableStatus reports whether an HTTP status means "try again later".
func IsRetryableStatus(code int) bool {
	return code >= 500 || code == http.StatusTooManyRequests
}
