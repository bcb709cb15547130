// Package clients posts through HTTP clients that retry by themselves.
package clients

import (
	"bytes"
	"context"
	"net/http"

	"github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-retryablehttp"
)

func Retryable(url string, body []byte) error {
	client := retryablehttp.NewClient()
	_, err := client.Post(url, "application/json", body) // want `POST to \{url\} is retried by the retryablehttp client created at clients.go:\d+ \(4 retries by default\)`
	return err
}

func RetryableRequest(ctx context.Context, url string, body []byte) error {
	client := retryablehttp.NewClient()
	client.RetryMax = 2
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, url, body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	_, err = client.Do(req) // want `POST to \{url\} is retried by the retryablehttp client created at clients.go:\d+ \(2 retries\)`
	return err
}

func RetryableKeyed(ctx context.Context, url, key string, body []byte) error {
	client := retryablehttp.NewClient()
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, url, body)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	_, err = client.Do(req) // ok: the key is on the request the client re-sends
	return err
}

func RetryableSingleShot(url string, body []byte) error {
	client := retryablehttp.NewClient()
	client.RetryMax = 0
	_, err := client.Post(url, "application/json", body) // ok: RetryMax = 0
	return err
}

func RetryableCustomPolicy(url string, body []byte) error {
	client := retryablehttp.NewClient()
	client.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		return resp != nil && resp.Request.Method != http.MethodPost && err != nil, nil
	}
	_, err := client.Post(url, "application/json", body) // ok: a custom CheckRetry decides (see doc)
	return err
}

// StandardClient wraps the retrying client in an *http.Client.
func StandardClient(url string, body []byte) error {
	rc := retryablehttp.NewClient()
	hc := rc.StandardClient()
	_, err := hc.Post(url, "application/json", bytes.NewReader(body)) // want `POST to \{url\} is retried by the retryablehttp client`
	return err
}

func Resty(ctx context.Context, body []byte) error {
	client := resty.New().SetRetryCount(3)
	_, err := client.R().SetContext(ctx).SetBody(body).Post("https://api.example.com/charges") // want `POST to https://api.example.com/charges is retried by the resty client created at clients.go:\d+ \(3 retries\)`
	return err
}

func RestyStatement(ctx context.Context, body []byte) error {
	client := resty.New()
	client.SetRetryCount(2)
	r := client.R()
	r.SetBody(body)
	_, err := r.Patch("https://api.example.com/orders/1") // want `PATCH to https://api.example.com/orders/1 is retried by the resty client`
	return err
}

func RestyKeyed(ctx context.Context, key string, body []byte) error {
	client := resty.New().SetRetryCount(3)
	_, err := client.R().SetHeader("Idempotency-Key", key).SetBody(body).Post("https://api.example.com/charges") // ok: stable key on every resty retry
	return err
}

func RestyNoRetries(ctx context.Context, body []byte) error {
	client := resty.New()
	_, err := client.R().SetBody(body).Post("https://api.example.com/charges") // ok: resty does not retry by default
	return err
}

func RestyGet(ctx context.Context) error {
	client := resty.New().SetRetryCount(3)
	_, err := client.R().Get("https://api.example.com/charges/1") // ok: GET
	return err
}

// Sender holds a retrying client in a field, set by its constructor.
type Sender struct {
	rc    *retryablehttp.Client
	other *retryablehttp.Client
}

func NewSender(other *retryablehttp.Client) *Sender {
	return &Sender{rc: retryablehttp.NewClient(), other: other}
}

func (s *Sender) Send(url string, body []byte) error {
	_, err := s.rc.Post(url, "application/json", body) // want `is retried by the retryablehttp client created at clients.go:\d+`
	return err
}

func (s *Sender) SendOther(url string, body []byte) error {
	_, err := s.other.Post(url, "application/json", body) // ok: the client comes from the caller; its retries are unknown
	return err
}
