// Package freshkey mints idempotency keys inside the retried code.
package freshkey

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	backoffv4 "github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
)

type Client struct {
	HTTP *http.Client
	URL  string
}

func (c *Client) send(ctx context.Context, key string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) InLoop(ctx context.Context, body []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		key := uuid.NewString()
		if err := c.send(ctx, key, body); err == nil { // want `idempotency key is regenerated on every attempt \(uuid.NewString at freshkey.go:\d+, retried by the loop at freshkey.go:\d+\)`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

func (c *Client) InClosure(ctx context.Context, body []byte) error {
	return backoffv4.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL, bytes.NewReader(body))
		if err != nil {
			return backoffv4.Permanent(err)
		}
		req.Header.Set("Idempotency-Key", uuid.New().String())
		_, err = c.HTTP.Do(req) // want `idempotency key is regenerated on every attempt \(uuid.New at`
		return err
	}, backoffv4.NewExponentialBackOff())
}

func (c *Client) Timestamp(ctx context.Context, body []byte) error {
	return backoffv4.Retry(func() error {
		return c.send(ctx, fmt.Sprintf("k-%d", time.Now().UnixNano()), body) // want `idempotency key is regenerated on every attempt \(time.Now`
	}, backoffv4.NewExponentialBackOff())
}

// newKey wraps the generator: its result is new on every call.
func newKey() string { return "key-" + uuid.NewString() }

func (c *Client) ThroughHelper(ctx context.Context, body []byte) error {
	return backoffv4.Retry(func() error {
		return c.send(ctx, newKey(), body) // want `idempotency key is regenerated on every attempt \(freshkey.newKey at`
	}, backoffv4.NewExponentialBackOff())
}

// sendFresh mints its own key on every call.
func (c *Client) sendFresh(ctx context.Context, body []byte) error {
	return c.send(ctx, uuid.NewString(), body)
}

func (c *Client) CalleeMints(ctx context.Context, body []byte) error {
	return backoffv4.Retry(func() error {
		return c.sendFresh(ctx, body) // want `idempotency key is regenerated on every attempt \(freshkey.Client.sendFresh at`
	}, backoffv4.NewExponentialBackOff())
}

func (c *Client) MintedBefore(ctx context.Context, body []byte) error {
	key := uuid.NewString()
	return backoffv4.Retry(func() error {
		return c.send(ctx, key, body) // ok: minted once, captured by the closure
	}, backoffv4.NewExponentialBackOff())
}

func (c *Client) MintedBeforeLoop(ctx context.Context, body []byte) error {
	key := uuid.New()
	for attempt := 0; attempt < 3; attempt++ {
		if err := c.send(ctx, key.String(), body); err == nil { // ok: the UUID is fixed before the loop
			return nil
		}
	}
	return errors.New("gave up")
}

func (c *Client) Derived(ctx context.Context, orderID int64, body []byte) error {
	return backoffv4.Retry(func() error {
		key := uuid.NewSHA1(uuid.NameSpaceURL, []byte(fmt.Sprint(orderID))).String()
		return c.send(ctx, key, body) // ok: a name-based UUID of the order: the same on every attempt
	}, backoffv4.NewExponentialBackOff())
}

func (c *Client) OnceNoRetry(ctx context.Context, body []byte) error {
	return c.send(ctx, uuid.NewString(), body) // ok: no retry
}

// A Standard Webhooks sender: the receiver deduplicates on webhook-id.
func (c *Client) hook(ctx context.Context, id string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("webhook-id", id)
	req.Header.Set("webhook-timestamp", fmt.Sprint(time.Now().Unix()))
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) HookFreshID(ctx context.Context, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.hook(ctx, uuid.NewString(), body); err == nil { // want `idempotency key is regenerated on every attempt \(uuid.NewString at`
			return nil
		}
	}
	return err
}

func (c *Client) HookStableID(ctx context.Context, body []byte) error {
	id := uuid.NewString()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.hook(ctx, id, body); err == nil { // ok: every attempt carries one webhook-id
			return nil
		}
	}
	return err
}
