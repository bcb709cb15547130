// Package payments is a provider client: one request per method, built by
// helpers; it never retries.
package payments

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/google/uuid"
)

type Client struct {
	baseURL string
	http    *http.Client
}

type Charge struct{ AmountCents int64 }

// newRequest builds a request; headers are set by the callers.
func (c *Client) newRequest(ctx context.Context, method, path string, in any) (*http.Request, error) {
	body, err := json.Marshal(in)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

// withKey sets the idempotency key on a request.
func withKey(req *http.Request, key string) {
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
}

func (c *Client) do(req *http.Request) error {
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Charge sends a charge without a key.
func (c *Client) Charge(ctx context.Context, ch Charge) error {
	req, err := c.newRequest(ctx, http.MethodPost, "/v1/charges", ch)
	if err != nil {
		return err
	}
	return c.do(req)
}

// ChargeWithKey sends the caller's key.
func (c *Client) ChargeWithKey(ctx context.Context, key string, ch Charge) error {
	req, err := c.newRequest(ctx, http.MethodPost, "/v1/charges", ch)
	if err != nil {
		return err
	}
	withKey(req, key)
	return c.do(req)
}

// ChargeAutoKey mints a key per call, like SDKs that add one when the
// caller gives none.
func (c *Client) ChargeAutoKey(ctx context.Context, ch Charge) error {
	return c.ChargeWithKey(ctx, uuid.NewString(), ch)
}

// Capture sends a request whose method the caller chooses.
func (c *Client) Send(ctx context.Context, method, path string, ch Charge) error {
	req, err := c.newRequest(ctx, method, path, ch)
	if err != nil {
		return err
	}
	return c.do(req)
}

// Get fetches a charge.
func (c *Client) Get(ctx context.Context, id string) error {
	req, err := c.newRequest(ctx, http.MethodGet, "/v1/charges/"+id, nil)
	if err != nil {
		return err
	}
	return c.do(req)
}

// NewKey returns a fresh idempotency key.
func NewKey() string { return uuid.NewString() }
