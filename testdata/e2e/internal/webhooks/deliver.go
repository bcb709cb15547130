// Package webhooks delivers events to partner endpoints over HTTP. Each
// function is one way real code retries (or does not retry) a request.
package webhooks

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/idemvet/idemvet/testdata/e2e/internal/httpx"
)

type Event struct {
	ID      string
	Type    string
	Payload []byte
}

type Deliverer struct {
	HTTP *http.Client
}

func drain(resp *http.Response) {
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
}

// PostWithLoop retries http.Post on transport errors: the partner may have
// received the first request before the connection dropped.
func (d *Deliverer) PostWithLoop(url string, ev Event) error {
	var lastErr error
	for attempt := 1; attempt <= 3; attempt++ {
		resp, err := d.HTTP.Post(url, "application/json", bytes.NewReader(ev.Payload)) // HAZARD(retrypost)
		if err != nil {
			lastErr = err
			time.Sleep(time.Duration(attempt) * time.Second)
			continue
		}
		drain(resp)
		return nil
	}
	return lastErr
}

// PostOn5xx rebuilds the POST each attempt and repeats it on a 5xx status,
// which means "outcome unknown", not "failed".
func (d *Deliverer) PostOn5xx(ctx context.Context, url string, ev Event) error {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(ev.Payload))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := d.HTTP.Do(req) // HAZARD(retrypost)
		if err != nil {
			return err
		}
		drain(resp)
		if resp.StatusCode >= 500 && attempt < 4 {
			time.Sleep(500 * time.Millisecond)
			continue
		}
		if resp.StatusCode >= 300 {
			return fmt.Errorf("webhook %s: HTTP %d", ev.ID, resp.StatusCode)
		}
		return nil
	}
}

// PostKeyedLoop sends the event id as the Idempotency-Key on every attempt;
// the key is fixed before the loop.
func (d *Deliverer) PostKeyedLoop(ctx context.Context, url string, ev Event) error {
	key := "evt-" + ev.ID
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(ev.Payload))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := d.HTTP.Do(req) // SAFE(retrypost): Idempotency-Key created before the loop, set on every attempt
		if err != nil {
			lastErr = err
			time.Sleep(time.Second)
			continue
		}
		drain(resp)
		if httpx.IsRetryableStatus(resp.StatusCode) {
			lastErr = fmt.Errorf("HTTP %d", resp.StatusCode)
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return lastErr
}

// PutWithLoop retries a PUT to a stable URL: PUT is idempotent.
func (d *Deliverer) PutWithLoop(ctx context.Context, url string, ev Event) error {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, url+"/"+ev.ID, bytes.NewReader(ev.Payload))
		if err != nil {
			return err
		}
		resp, err := d.HTTP.Do(req) // SAFE(retrypost): PUT
		if err != nil {
			lastErr = err
			time.Sleep(time.Second)
			continue
		}
		drain(resp)
		return nil
	}
	return lastErr
}

// FetchWithLoop retries a GET.
func (d *Deliverer) FetchWithLoop(url string) ([]byte, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := d.HTTP.Get(url) // SAFE(retrypost): GET
		if err != nil {
			lastErr = err
			time.Sleep(time.Second)
			continue
		}
		defer resp.Body.Close()
		return io.ReadAll(resp.Body)
	}
	return nil, lastErr
}

// PostBatch posts each event once; the loop is over events, not attempts.
func (d *Deliverer) PostBatch(url string, evs []Event) error {
	for _, ev := range evs {
		resp, err := d.HTTP.Post(url, "application/json", bytes.NewReader(ev.Payload)) // SAFE(retrypost): one POST per item, no retry
		if err != nil {
			return err
		}
		drain(resp)
	}
	return nil
}

// PostAfterTokenRetry retries only the token fetch (GET) and sends the
// POST once, after the retry loop.
func (d *Deliverer) PostAfterTokenRetry(ctx context.Context, tokenURL, url string, ev Event) error {
	var token []byte
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if token, err = d.FetchToken(ctx, tokenURL); err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(ev.Payload))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+string(token))
	resp, err := d.HTTP.Do(req) // SAFE(retrypost): sent once, after the retry loop
	if err != nil {
		return err
	}
	drain(resp)
	return nil
}

// FetchToken gets a short-lived token.
func (d *Deliverer) FetchToken(ctx context.Context, tokenURL string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, tokenURL, nil)
	if err != nil {
		return nil, err
	}
	resp, err := d.HTTP.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// PostViaHelper retries through the service's own helper in package httpx.
func (d *Deliverer) PostViaHelper(url string, ev Event) error {
	return httpx.Retry(4, func() error {
		resp, err := d.HTTP.Post(url, "application/json", bytes.NewReader(ev.Payload)) // HAZARD(retrypost)
		if err != nil {
			return err
		}
		drain(resp)
		return nil
	})
}
