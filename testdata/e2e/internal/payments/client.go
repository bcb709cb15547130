// Package payments is a small client for the card processor's REST API.
package payments

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// Client talks to the payment provider. Every method performs exactly one
// HTTP request; retrying is the caller's decision.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

func New(baseURL, apiKey string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, http: &http.Client{Timeout: 10 * time.Second}}
}

type ChargeRequest struct {
	CustomerID  int64  `json:"customer_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	Description string `json:"description,omitempty"`
}

type Charge struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// StatusError is returned for any non-2xx answer.
type StatusError struct{ Code int }

func (e *StatusError) Error() string { return fmt.Sprintf("payments: HTTP %d", e.Code) }

// Temporary reports whether the request may succeed when sent again.
func (e *StatusError) Temporary() bool { return e.Code >= 500 || e.Code == http.StatusTooManyRequests }

// Charge creates a charge. It sends no Idempotency-Key: sending it twice
// charges the customer twice.
func (c *Client) Charge(ctx context.Context, req ChargeRequest) (*Charge, error) {
	var out Charge
	if err := c.post(ctx, "/v1/charges", "", req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ChargeWithKey creates a charge under the caller's idempotency key: the
// provider answers a repeated key with the first charge.
func (c *Client) ChargeWithKey(ctx context.Context, idempotencyKey string, req ChargeRequest) (*Charge, error) {
	var out Charge
	if err := c.post(ctx, "/v1/charges", idempotencyKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Refund refunds part or all of a charge.
func (c *Client) Refund(ctx context.Context, chargeID string, amountCents int64) error {
	body := map[string]any{"charge": chargeID, "amount_cents": amountCents}
	return c.post(ctx, "/v1/refunds", "", body, nil)
}

// GetCharge fetches a charge; safe to repeat.
func (c *Client) GetCharge(ctx context.Context, id string) (*Charge, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+"/v1/charges/"+id, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, &StatusError{Code: resp.StatusCode}
	}
	var out Charge
	return &out, json.NewDecoder(resp.Body).Decode(&out)
}

func (c *Client) post(ctx context.Context, path, idempotencyKey string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	if idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", idempotencyKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return &StatusError{Code: resp.StatusCode}
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
