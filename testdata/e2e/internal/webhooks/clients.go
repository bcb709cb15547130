package webhooks

import (
	"bytes"
	"context"
	"net/http"

	"github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-retryablehttp"

	"github.com/idemvet/idemvet/testdata/e2e/internal/httpx"
)

// RetryingSender delivers through clients that retry by themselves.
type RetryingSender struct {
	Retrying   *retryablehttp.Client // httpx.NewRetryingClient: library default retries
	SingleShot *retryablehttp.Client // httpx.NewSingleShotClient: RetryMax = 0
	Resty      *resty.Client         // httpx.NewResty: SetRetryCount(3)
}

func NewRetryingSender(baseURL string) *RetryingSender {
	return &RetryingSender{
		Retrying:   httpx.NewRetryingClient(),
		SingleShot: httpx.NewSingleShotClient(),
		Resty:      httpx.NewResty(baseURL),
	}
}

// SendRetryable posts with a go-retryablehttp client left at its default
// RetryMax (4): the library re-sends the POST on errors and 5xx.
func (s *RetryingSender) SendRetryable(url string, ev Event) error {
	client := retryablehttp.NewClient()
	resp, err := client.Post(url, "application/json", ev.Payload) // HAZARD(retrypost)
	if err != nil {
		return err
	}
	drain(resp)
	return nil
}

// SendRetryableKeyed sets the Idempotency-Key on the request before
// handing it to the retrying client, which re-sends the same headers.
func (s *RetryingSender) SendRetryableKeyed(ctx context.Context, url string, ev Event) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, url, ev.Payload)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", "evt-"+ev.ID)
	resp, err := s.Retrying.Do(req) // SAFE(retrypost): key set on the request before the retries
	if err != nil {
		return err
	}
	drain(resp)
	return nil
}

// SendSingleShot posts with a retryablehttp client whose RetryMax is 0.
func (s *RetryingSender) SendSingleShot(url string, ev Event) error {
	client := retryablehttp.NewClient()
	client.RetryMax = 0
	resp, err := client.Post(url, "application/json", bytes.NewReader(ev.Payload)) // SAFE(retrypost): RetryMax = 0, no retries
	if err != nil {
		return err
	}
	drain(resp)
	return nil
}

// SendResty posts with a resty client configured with SetRetryCount(3).
func (s *RetryingSender) SendResty(ctx context.Context, ev Event) error {
	client := resty.New().SetRetryCount(3)
	_, err := client.R().SetContext(ctx).SetHeader("Content-Type", "application/json").SetBody(ev.Payload).Post("https://partner.example.com/hooks") // HAZARD(retrypost)
	return err
}

// SendRestyKeyed uses the retrying resty client with a stable key header.
func (s *RetryingSender) SendRestyKeyed(ctx context.Context, ev Event) error {
	_, err := s.Resty.R().SetContext(ctx).SetHeader("Idempotency-Key", "evt-"+ev.ID).SetBody(ev.Payload).Post("/hooks") // SAFE(retrypost): stable Idempotency-Key on every resty retry
	return err
}

// SendRestyOnce posts with a resty client that has no retries configured.
func (s *RetryingSender) SendRestyOnce(ctx context.Context, ev Event) error {
	client := resty.New()
	_, err := client.R().SetContext(ctx).SetBody(ev.Payload).Post("https://partner.example.com/hooks") // SAFE(retrypost): resty without SetRetryCount
	return err
}

// GetRetryable fetches with the retrying client: GET is idempotent.
func (s *RetryingSender) GetRetryable(url string) error {
	resp, err := s.Retrying.Get(url) // SAFE(retrypost): GET
	if err != nil {
		return err
	}
	drain(resp)
	return nil
}
