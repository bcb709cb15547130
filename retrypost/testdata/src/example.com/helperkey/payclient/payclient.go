// Package payclient is a payments API client: helpers build the requests,
// one mints the idempotency key itself, one retries by itself with the
// method as a parameter.
package payclient

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/google/uuid"
)

type Client struct {
	BaseURL string
	Base    *url.URL
	HTTP    *http.Client
}

// DoURL sends to a full URL, again on a transport error or a 5xx.
func (c *Client) DoURL(ctx context.Context, method, u string, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, method, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		var resp *http.Response
		resp, err = c.HTTP.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// PublishEvents posts events through DoURL.
func (c *Client) PublishEvents(ctx context.Context, body []byte) error {
	return c.DoURL(ctx, http.MethodPost, c.Base.JoinPath("/v1/events").String(), body) // want `POST to \{Base\}/v1/events \(payclient.Client.DoURL\) is retried by the loop at payclient.go:\d+ without an idempotency key`
}

// Authenticate posts credentials through DoURL.
func (c *Client) Authenticate(ctx context.Context, body []byte) error {
	return c.DoURL(ctx, http.MethodPost, c.Base.JoinPath("v1", "authenticate").String(), body) // ok: authenticating repeats nothing
}

func (c *Client) newRequest(ctx context.Context, method, path string, body []byte) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

// CreateTransfer sends the transfer with a key minted on every call.
func (c *Client) CreateTransfer(ctx context.Context, body []byte) error {
	req, err := c.newRequest(ctx, http.MethodPost, "/v1/transfers", body)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString())
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// CreateTransferKeyed sends it with the caller's key.
func (c *Client) CreateTransferKeyed(ctx context.Context, key string, body []byte) error {
	req, err := c.newRequest(ctx, http.MethodPost, "/v1/transfers", body)
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

// DoWithRetry sends a request, again on a transport error or a 5xx.
func (c *Client) DoWithRetry(ctx context.Context, method, path string, body []byte) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		req, err := c.newRequest(ctx, method, path, body)
		if err != nil {
			return nil, err
		}
		resp, err := c.HTTP.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
			err = fmt.Errorf("status %d", resp.StatusCode)
		}
		lastErr = err
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return nil, lastErr
}
