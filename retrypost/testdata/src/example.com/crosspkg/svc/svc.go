// Package svc retries the provider client of package payments.
package svc

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	retrygo "github.com/avast/retry-go/v4"

	"example.com/crosspkg/payments"
)

type Service struct{ P *payments.Client }

func (s *Service) Charge(ctx context.Context, amount int64) error {
	for attempt := 0; attempt < 3; attempt++ {
		err := s.P.Charge(ctx, payments.Charge{AmountCents: amount}) // want `POST to \{baseURL\}/v1/charges \(payments.Client.Charge\) is retried by the loop`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

func (s *Service) ChargeEmptyKey(ctx context.Context, amount int64) error {
	return retrygo.Do(func() error {
		return s.P.ChargeWithKey(ctx, "", payments.Charge{AmountCents: amount}) // want `POST to \{baseURL\}/v1/charges \(payments.Client.ChargeWithKey\) is retried by retry.Do`
	})
}

func (s *Service) ChargeMethodParam(ctx context.Context, amount int64) error {
	return retrygo.Do(func() error {
		return s.P.Send(ctx, http.MethodPost, "/v1/refunds", payments.Charge{AmountCents: amount}) // want `POST to \{baseURL\}/v1/refunds \(payments.Client.Send\) is retried by retry.Do`
	})
}

func (s *Service) ChargeAutoKey(ctx context.Context, amount int64) error {
	return retrygo.Do(func() error {
		return s.P.ChargeAutoKey(ctx, payments.Charge{AmountCents: amount}) // want `idempotency key is regenerated on every attempt \(payments.Client.ChargeAutoKey at`
	})
}

func (s *Service) ChargeNewKey(ctx context.Context, amount int64) error {
	return retrygo.Do(func() error {
		return s.P.ChargeWithKey(ctx, payments.NewKey(), payments.Charge{AmountCents: amount}) // want `idempotency key is regenerated on every attempt \(payments.NewKey at`
	})
}

func (s *Service) ChargeKeyed(ctx context.Context, orderID, amount int64) error {
	key := fmt.Sprintf("order-%d", orderID)
	return retrygo.Do(func() error {
		return s.P.ChargeWithKey(ctx, key, payments.Charge{AmountCents: amount}) // ok: stable key, set by payments.withKey
	})
}

func (s *Service) ChargeNewKeyOnce(ctx context.Context, amount int64) error {
	key := payments.NewKey()
	return retrygo.Do(func() error {
		return s.P.ChargeWithKey(ctx, key, payments.Charge{AmountCents: amount}) // ok: minted once
	})
}

func (s *Service) PutMethodParam(ctx context.Context, amount int64) error {
	return retrygo.Do(func() error {
		return s.P.Send(ctx, http.MethodPut, "/v1/limits", payments.Charge{AmountCents: amount}) // ok: PUT
	})
}

func (s *Service) Poll(ctx context.Context, id string) error {
	return retrygo.Do(func() error {
		return s.P.Get(ctx, id) // ok: GET
	})
}
