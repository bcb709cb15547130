// Package customheader names its idempotency header X-Request-Key (run
// with -retrypost.headers=X-Request-Key).
package customheader

import (
	"bytes"
	"context"
	"net/http"

	backoffv4 "github.com/cenkalti/backoff/v4"
)

func Send(ctx context.Context, url, key string, body []byte) error {
	return backoffv4.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("X-Request-Key", key)
		_, err = http.DefaultClient.Do(req) // ok: X-Request-Key is configured as an idempotency header
		return err
	}, backoffv4.NewExponentialBackOff())
}

func SendDefaultHeader(ctx context.Context, url, key string, body []byte) error {
	return backoffv4.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		_, err = http.DefaultClient.Do(req) // want `POST to \{url\} is retried by backoff.Retry`
		return err
	}, backoffv4.NewExponentialBackOff())
}
