// Package svc calls the payments client.
package svc

import (
	"context"
	"net/http"

	"example.com/helperkey/payclient"
	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
)

type Service struct{ Pay *payclient.Client }

// Transfer retries a helper that mints a new key on every call: the same
// as minting it inside the retry.
func (s *Service) Transfer(ctx context.Context, body []byte) error {
	return backoff.Retry(func() error {
		return s.Pay.CreateTransfer(ctx, body) // want `idempotency key is regenerated on every attempt \(payclient.Client.CreateTransfer at svc.go:\d+, retried by backoff.Retry at svc.go:\d+\)`
	}, backoff.NewExponentialBackOff())
}

// TransferKeyed mints the key once.
func (s *Service) TransferKeyed(ctx context.Context, body []byte) error {
	key := uuid.NewString()
	return backoff.Retry(func() error {
		return s.Pay.CreateTransferKeyed(ctx, key, body) // ok: one key for every attempt
	}, backoff.NewExponentialBackOff())
}

// TransferKeyedInside mints it inside the retried closure.
func (s *Service) TransferKeyedInside(ctx context.Context, body []byte) error {
	return backoff.Retry(func() error {
		return s.Pay.CreateTransferKeyed(ctx, uuid.NewString(), body) // want `idempotency key is regenerated on every attempt \(uuid.NewString`
	}, backoff.NewExponentialBackOff())
}

// Refund sends a POST through the retrying helper.
func (s *Service) Refund(ctx context.Context, body []byte) error {
	resp, err := s.Pay.DoWithRetry(ctx, http.MethodPost, "/v1/refunds", body) // want `POST to \{BaseURL\}/v1/refunds \(payclient.Client.DoWithRetry\) is retried by the loop at payclient.go:\d+ without an idempotency key`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Balance sends a GET through it.
func (s *Service) Balance(ctx context.Context) error {
	resp, err := s.Pay.DoWithRetry(ctx, http.MethodGet, "/v1/balance", nil) // ok: GET
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
