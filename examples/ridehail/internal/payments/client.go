// Package payments is ridehail's client for the card processor's REST API.
// Each method sends exactly one HTTP request; whether to retry is the
// caller's decision, and only requests with an Idempotency-Key may be
// retried.
package payments

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"
)

type Client struct {
	BaseURL string
	APIKey  string
	HTTP    *http.Client
}

func New(baseURL, apiKey string) *Client {
	return &Client{BaseURL: baseURL, APIKey: apiKey, HTTP: &http.Client{Timeout: 10 * time.Second}}
}

type ChargeRequest struct {
	RiderID     int64  `json:"customer"`
	AmountCents int64  `json:"amount"`
	Currency    string `json:"currency"`
	Description string `json:"description,omitempty"`
}

type Charge struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// StatusError is a non-2xx answer from the processor.
type StatusError struct{ Code int }

func (e *StatusError) Error() string { return fmt.Sprintf("payments: HTTP %d", e.Code) }

// Retryable reports whether err may go away on a later attempt: transport
// errors, 429 and 5xx. A 5xx means the outcome is unknown, not that the
// charge failed.
func Retryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Code == http.StatusTooManyRequests || se.Code >= 500
	}
	return true
}

// Charge creates a charge without an Idempotency-Key.
func (c *Client) Charge(ctx context.Context, req ChargeRequest) (*Charge, error) {
	return c.createCharge(ctx, "", req)
}

// ChargeIdempotent creates a charge under idempotencyKey; the processor
// answers every repeat of the key with the first charge.
func (c *Client) ChargeIdempotent(ctx context.Context, idempotencyKey string, req ChargeRequest) (*Charge, error) {
	if idempotencyKey == "" {
		return nil, errors.New("payments: empty idempotency key")
	}
	return c.createCharge(ctx, idempotencyKey, req)
}

func (c *Client) createCharge(ctx context.Context, idempotencyKey string, in ChargeRequest) (*Charge, error) {
	body, err := json.Marshal(in)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+"/v1/charges", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.APIKey)
	req.Header.Set("Content-Type", "application/json")
	if idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", idempotencyKey)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return nil, &StatusError{Code: resp.StatusCode}
	}
	var ch Charge
	if err := json.NewDecoder(resp.Body).Decode(&ch); err != nil {
		return nil, err
	}
	return &ch, nil
}
