package webhooks

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"net/http"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoffv4 "github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
	"github.com/google/uuid"
	goretry "github.com/sethvargo/go-retry"

	"github.com/idemvet/idemvet/testdata/e2e/internal/httpx"
)

func (d *Deliverer) post(ctx context.Context, url, key string, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	return d.HTTP.Do(req)
}

func statusErr(resp *http.Response) error {
	drain(resp)
	if httpx.IsRetryableStatus(resp.StatusCode) {
		return fmt.Errorf("HTTP %d", resp.StatusCode)
	}
	return nil
}

// SendBackoffV4 repeats the POST with cenkalti/backoff v4.
func (d *Deliverer) SendBackoffV4(ctx context.Context, url string, ev Event) error {
	op := func() error {
		resp, err := d.post(ctx, url, "", ev.Payload) // HAZARD(retrypost)
		if err != nil {
			return err
		}
		return statusErr(resp)
	}
	return backoffv4.Retry(op, backoffv4.WithContext(backoffv4.NewExponentialBackOff(), ctx))
}

// SendBackoffV4Notify uses RetryNotify to log each retry.
func (d *Deliverer) SendBackoffV4Notify(ctx context.Context, url string, ev Event) error {
	return backoffv4.RetryNotify(func() error {
		resp, err := http.Post(url, "application/json", bytes.NewReader(ev.Payload)) // HAZARD(retrypost)
		if err != nil {
			return err
		}
		return statusErr(resp)
	}, backoffv4.WithMaxRetries(backoffv4.NewExponentialBackOff(), 5), func(err error, wait time.Duration) {
		log.Printf("webhook %s: %v, retrying in %s", ev.ID, err, wait)
	})
}

// SendBackoffV4FreshKey mints the Idempotency-Key inside the operation:
// every retry is a new key, so the receiver cannot deduplicate.
func (d *Deliverer) SendBackoffV4FreshKey(ctx context.Context, url string, ev Event) error {
	return backoffv4.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(ev.Payload))
		if err != nil {
			return backoffv4.Permanent(err)
		}
		req.Header.Set("Idempotency-Key", uuid.NewString())
		resp, err := d.HTTP.Do(req) // HAZARD(retrypost)
		if err != nil {
			return err
		}
		return statusErr(resp)
	}, backoffv4.NewExponentialBackOff())
}

// PutBackoffV4 retries an idempotent PUT with backoff v4.
func (d *Deliverer) PutBackoffV4(ctx context.Context, url string, ev Event) error {
	return backoffv4.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, url+"/"+ev.ID, bytes.NewReader(ev.Payload))
		if err != nil {
			return backoffv4.Permanent(err)
		}
		resp, err := d.HTTP.Do(req) // SAFE(retrypost): PUT
		if err != nil {
			return err
		}
		return statusErr(resp)
	}, backoffv4.NewExponentialBackOff())
}

// SendBackoffV5 repeats the POST with cenkalti/backoff v5.
func (d *Deliverer) SendBackoffV5(ctx context.Context, url string, ev Event) (int, error) {
	return backoffv5.Retry(ctx, func() (int, error) {
		resp, err := d.post(ctx, url, "", ev.Payload) // HAZARD(retrypost)
		if err != nil {
			return 0, err
		}
		return resp.StatusCode, statusErr(resp)
	}, backoffv5.WithBackOff(backoffv5.NewExponentialBackOff()), backoffv5.WithMaxTries(5))
}

// SendBackoffV5Keyed mints the key once, before Retry.
func (d *Deliverer) SendBackoffV5Keyed(ctx context.Context, url string, ev Event) (int, error) {
	key := uuid.NewString()
	return backoffv5.Retry(ctx, func() (int, error) {
		resp, err := d.post(ctx, url, key, ev.Payload) // SAFE(retrypost): key minted before Retry, the same on every attempt
		if err != nil {
			return 0, err
		}
		return resp.StatusCode, statusErr(resp)
	}, backoffv5.WithBackOff(backoffv5.NewExponentialBackOff()), backoffv5.WithMaxTries(5))
}

// SendRetryGo repeats the POST with avast/retry-go.
func (d *Deliverer) SendRetryGo(ctx context.Context, url string, ev Event) error {
	return retrygo.Do(func() error {
		resp, err := d.post(ctx, url, "", ev.Payload) // HAZARD(retrypost)
		if err != nil {
			return err
		}
		return statusErr(resp)
	}, retrygo.Attempts(4), retrygo.Context(ctx), retrygo.Delay(200*time.Millisecond))
}

// DeleteRetryGo retries an idempotent DELETE with retry-go.
func (d *Deliverer) DeleteRetryGo(ctx context.Context, url, subscriptionID string) error {
	return retrygo.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodDelete, url+"/subscriptions/"+subscriptionID, nil)
		if err != nil {
			return retrygo.Unrecoverable(err)
		}
		resp, err := d.HTTP.Do(req) // SAFE(retrypost): DELETE
		if err != nil {
			return err
		}
		return statusErr(resp)
	}, retrygo.Attempts(3), retrygo.Context(ctx))
}

// SendGoRetry repeats the POST with sethvargo/go-retry.
func (d *Deliverer) SendGoRetry(ctx context.Context, url string, ev Event) error {
	b := goretry.WithMaxRetries(3, goretry.NewExponential(100*time.Millisecond))
	return goretry.Do(ctx, b, func(ctx context.Context) error {
		resp, err := d.post(ctx, url, "", ev.Payload) // HAZARD(retrypost)
		if err != nil {
			return goretry.RetryableError(err)
		}
		if err := statusErr(resp); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

// StatusGoRetry polls a GET with go-retry.
func (d *Deliverer) StatusGoRetry(ctx context.Context, url string) error {
	b := goretry.WithMaxRetries(5, goretry.NewFibonacci(200*time.Millisecond))
	return goretry.Do(ctx, b, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := d.HTTP.Do(req) // SAFE(retrypost): GET
		if err != nil {
			return goretry.RetryableError(err)
		}
		if err := statusErr(resp); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}
