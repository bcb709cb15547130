// Package libraries retries POSTs with the retry libraries.
package libraries

import (
	"bytes"
	"context"
	"net/http"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoffv2 "github.com/cenkalti/backoff"
	backoffv4 "github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
	"github.com/google/uuid"
	goretry "github.com/sethvargo/go-retry"
)

type Client struct {
	HTTP *http.Client
	Base string
}

func (c *Client) post(ctx context.Context, path, key string, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	return c.HTTP.Do(req)
}

func (c *Client) BackoffV4(ctx context.Context, body []byte) error {
	return backoffv4.Retry(func() error {
		_, err := c.post(ctx, "/charges", "", body) // want `POST to \{Base\}/charges \(libraries.Client.post\) is retried by backoff.Retry at libraries.go:\d+ without an idempotency key`
		return err
	}, backoffv4.NewExponentialBackOff())
}

// BackoffV2 retries with the path before v4 (v2.2.1+incompatible).
func (c *Client) BackoffV2(ctx context.Context, body []byte) error {
	return backoffv2.Retry(func() error {
		_, err := c.post(ctx, "/refunds", "", body) // want `POST to \{Base\}/refunds \(libraries.Client.post\) is retried by backoff.Retry at libraries.go:\d+ without an idempotency key`
		return err
	}, backoffv2.NewExponentialBackOff())
}

// BackoffV2Keyed sends a key minted once, before the retry.
func (c *Client) BackoffV2Keyed(ctx context.Context, body []byte) error {
	key := uuid.NewString()
	return backoffv2.Retry(func() error {
		_, err := c.post(ctx, "/refunds", key, body) // ok: the same key on every attempt
		return err
	}, backoffv2.NewExponentialBackOff())
}

func (c *Client) BackoffV4Data(ctx context.Context, body []byte) (*http.Response, error) {
	return backoffv4.RetryWithData(func() (*http.Response, error) {
		return c.post(ctx, "/orders", "", body) // want `POST to \{Base\}/orders \(libraries.Client.post\) is retried by backoff.RetryWithData`
	}, backoffv4.NewExponentialBackOff())
}

func (c *Client) BackoffV5(ctx context.Context, body []byte) (*http.Response, error) {
	return backoffv5.Retry(ctx, func() (*http.Response, error) {
		return c.post(ctx, "/charges", "", body) // want `is retried by backoff.Retry`
	}, backoffv5.WithBackOff(backoffv5.NewExponentialBackOff()))
}

func (c *Client) RetryGo(ctx context.Context, body []byte) error {
	return retrygo.Do(func() error {
		_, err := http.Post(c.Base+"/transfers", "application/json", bytes.NewReader(body)) // want `POST to \{Base\}/transfers is retried by retry.Do`
		return err
	}, retrygo.Attempts(4), retrygo.Context(ctx))
}

func (c *Client) GoRetry(ctx context.Context, body []byte) error {
	b := goretry.WithMaxRetries(3, goretry.NewExponential(100*time.Millisecond))
	return goretry.Do(ctx, b, func(ctx context.Context) error {
		if _, err := c.post(ctx, "/charges", "", body); err != nil { // want `is retried by retry.Do`
			return goretry.RetryableError(err)
		}
		return nil
	})
}

// sendOnce is a named function handed to the library: the finding is at
// the library call, since sendOnce alone does not retry.
func (c *Client) sendOnce() error {
	_, err := c.post(context.Background(), "/charges", "", nil)
	return err
}

func (c *Client) NamedOperation() error {
	return backoffv4.Retry(c.sendOnce, backoffv4.NewExponentialBackOff()) // want `POST to \{Base\}/charges \(backoff.Retry → libraries.Client.sendOnce\) is retried by backoff.Retry`
}

func (c *Client) BackoffV4Keyed(ctx context.Context, orderID string, body []byte) error {
	key := "order-" + orderID
	return backoffv4.Retry(func() error {
		_, err := c.post(ctx, "/charges", key, body) // ok: the key is fixed before Retry
		return err
	}, backoffv4.NewExponentialBackOff())
}

func (c *Client) BackoffV5KeyedUUID(ctx context.Context, body []byte) (*http.Response, error) {
	key := uuid.NewString()
	return backoffv5.Retry(ctx, func() (*http.Response, error) {
		return c.post(ctx, "/charges", key, body) // ok: minted once, before Retry
	}, backoffv5.WithMaxTries(5))
}

func (c *Client) SingleAttempt(ctx context.Context, body []byte) error {
	return retrygo.Do(func() error {
		_, err := c.post(ctx, "/charges", "", body) // ok: Attempts(1) runs the operation once
		return err
	}, retrygo.Attempts(1))
}

func (c *Client) NoRetries(ctx context.Context, body []byte) error {
	return backoffv4.Retry(func() error {
		_, err := c.post(ctx, "/charges", "", body) // ok: WithMaxRetries(b, 0) never retries
		return err
	}, backoffv4.WithMaxRetries(backoffv4.NewExponentialBackOff(), 0))
}

func (c *Client) GoRetryUnmarked(ctx context.Context, body []byte) error {
	return goretry.Do(ctx, goretry.NewConstant(time.Second), func(ctx context.Context) error {
		_, err := c.post(ctx, "/charges", "", body) // ok: go-retry returns errors not marked RetryableError at once
		return err
	})
}

func (c *Client) GetWithRetry(ctx context.Context) error {
	return retrygo.Do(func() error {
		resp, err := c.HTTP.Get(c.Base + "/status") // ok: GET
		if err == nil {
			resp.Body.Close()
		}
		return err
	})
}

func (c *Client) DeleteWithRetry(ctx context.Context) error {
	return backoffv4.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodDelete, c.Base+"/subscriptions/1", nil)
		if err != nil {
			return backoffv4.Permanent(err)
		}
		_, err = c.HTTP.Do(req) // ok: DELETE
		return err
	}, backoffv4.NewExponentialBackOff())
}
