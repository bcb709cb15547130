// Package payclient is a payments API client: helpers build the requests,
// one mints the idempotency key itself, one retries by itself with the
// method as a parameter.
package payclient

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
)

type Client struct {
	BaseURL string
	HTTP    *http.Client
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
