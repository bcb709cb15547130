// Package svc calls a payment service through its Connect client, retrying
// failed calls in a loop.
package svc

import (
	"context"
	"time"

	"connectrpc.com/connect"

	v1 "example.com/connectretry/gen/paymentsv1"
	"example.com/connectretry/gen/paymentsv1/paymentsv1connect"
)

type Service struct {
	Payments paymentsv1connect.PaymentServiceClient
}

func (s *Service) Charge(ctx context.Context, orderID string, cents int64) (string, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := s.Payments.Charge(ctx, connect.NewRequest(&v1.ChargeRequest{OrderId: orderID, Cents: cents})) // want `POST Connect paymentsv1connect.PaymentServiceClient.Charge is retried by the loop at svc.go:\d+ without an idempotency key`
		if err != nil {
			lastErr = err
			time.Sleep(time.Second)
			continue
		}
		return resp.Msg.ChargeId, nil
	}
	return "", lastErr
}

func (s *Service) Refund(ctx context.Context, chargeID, key string) error {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		_, err := s.Payments.Refund(ctx, connect.NewRequest(&v1.RefundRequest{ChargeId: chargeID, IdempotencyKey: key})) // ok: the message carries the caller's key
		if err != nil {
			lastErr = err
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return lastErr
}

func (s *Service) Cents(ctx context.Context, chargeID string) (int64, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := s.Payments.GetCharge(ctx, connect.NewRequest(&v1.GetChargeRequest{ChargeId: chargeID})) // ok: a read
		if err != nil {
			lastErr = err
			time.Sleep(time.Second)
			continue
		}
		return resp.Msg.Cents, nil
	}
	return 0, lastErr
}

func (s *Service) ChargeOnce(ctx context.Context, orderID string, cents int64) (string, error) {
	resp, err := s.Payments.Charge(ctx, connect.NewRequest(&v1.ChargeRequest{OrderId: orderID, Cents: cents})) // ok: not retried
	if err != nil {
		return "", err
	}
	return resp.Msg.ChargeId, nil
}
