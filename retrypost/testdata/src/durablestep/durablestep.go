// Package durablestep sends POSTs from durable workflow steps (Restate
// Run blocks, as a deployment workflow reports to a code host and pushes
// usage to a billing meter). The engine runs a failed step again, but
// such steps are not reported yet: many are idempotent by design (a meter
// aggregated by its last value, a status replaced by its context).
package durablestep

import (
	"bytes"
	"context"
	"net/http"

	backoff "github.com/cenkalti/backoff/v4"
	restate "github.com/restatedev/sdk-go"
)

type Reporter struct {
	HTTP *http.Client
	Base string
}

func (r *Reporter) post(ctx context.Context, path string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.Base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := r.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// PushUsage: a durable step, not reported.
func (r *Reporter) PushUsage(ctx restate.Context, body []byte) error {
	return restate.RunVoid(ctx, func(rc restate.RunContext) error {
		return r.post(rc, "/v1/meter_events", body)
	}, restate.WithName("push usage"))
}

// inStep runs op as a durable step; it is no retry helper.
func inStep(ctx restate.Context, name string, op func(rc restate.RunContext) error) error {
	return restate.RunVoid(ctx, op, restate.WithName(name))
}

// Comment: a step through a function of the package, not reported.
func (r *Reporter) Comment(ctx restate.Context, body []byte) error {
	return inStep(ctx, "comment", func(rc restate.RunContext) error {
		return r.post(rc, "/comments", body)
	})
}

// Charge: the same POST retried by a retry library is reported.
func (r *Reporter) Charge(ctx context.Context, body []byte) error {
	return backoff.Retry(func() error {
		return r.post(ctx, "/charges", body) // want `POST to \{Base\}/charges \(durablestep.Reporter.post\) is retried by backoff.Retry`
	}, backoff.NewExponentialBackOff())
}
