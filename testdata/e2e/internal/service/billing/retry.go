package billing

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/idemvet/idemvet/testdata/e2e/internal/httpx"
	"github.com/idemvet/idemvet/testdata/e2e/internal/payments"
)

func isTemporary(err error) bool {
	var se *payments.StatusError
	return !errors.As(err, &se) || se.Temporary()
}

// ChargeWithRetries retries the provider's Charge (a POST without a key)
// in a hand-written loop: a timeout after the provider charged leads to a
// second charge.
func (s *Service) ChargeWithRetries(ctx context.Context, req payments.ChargeRequest) (*payments.Charge, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		ch, err := s.Payments.Charge(ctx, req) // HAZARD(retrypost)
		if err == nil {
			return ch, nil
		}
		lastErr = err
		if !isTemporary(err) {
			break
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return nil, lastErr
}

// ChargeOrder retries through the service's own httpx.Retry helper.
func (s *Service) ChargeOrder(ctx context.Context, orderID, customerID, amount int64) error {
	return httpx.Retry(3, func() error {
		_, err := s.Payments.Charge(ctx, payments.ChargeRequest{CustomerID: customerID, AmountCents: amount, Currency: "EUR", Description: "order " + strconv.FormatInt(orderID, 10)}) // HAZARD(retrypost)
		return err
	})
}

// ChargeOrderKeyed derives the key from the order before retrying: every
// attempt carries the same key and the provider charges once.
func (s *Service) ChargeOrderKeyed(ctx context.Context, orderID, customerID, amount int64) error {
	key := fmt.Sprintf("order-%d-charge", orderID)
	return httpx.Retry(3, func() error {
		_, err := s.Payments.ChargeWithKey(ctx, key, payments.ChargeRequest{CustomerID: customerID, AmountCents: amount, Currency: "EUR"}) // SAFE(retrypost): stable key minted before the retry
		return err
	})
}

// ChargeWithFreshKeys mints the key inside the retried closure: each
// attempt is a new key, so the provider cannot deduplicate.
func (s *Service) ChargeWithFreshKeys(ctx context.Context, customerID, amount int64) error {
	return httpx.Retry(3, func() error {
		_, err := s.Payments.ChargeWithKey(ctx, uuid.NewString(), payments.ChargeRequest{CustomerID: customerID, AmountCents: amount, Currency: "EUR"}) // HAZARD(retrypost)
		return err
	})
}

// ChargeWithStableUUID mints one UUID before the loop.
func (s *Service) ChargeWithStableUUID(ctx context.Context, req payments.ChargeRequest) (*payments.Charge, error) {
	key := uuid.NewString()
	var lastErr error
	for attempt := 0; attempt < 4; attempt++ {
		ch, err := s.Payments.ChargeWithKey(ctx, key, req) // SAFE(retrypost): the same Idempotency-Key on every attempt
		if err == nil {
			return ch, nil
		}
		lastErr = err
		time.Sleep(250 * time.Millisecond << attempt)
	}
	return nil, lastErr
}

// WaitForCharge polls the charge (GET) until it settles.
func (s *Service) WaitForCharge(ctx context.Context, chargeID string) (*payments.Charge, error) {
	var ch *payments.Charge
	err := httpx.Retry(5, func() error {
		var err error
		ch, err = s.Payments.GetCharge(ctx, chargeID) // SAFE(retrypost): GET is idempotent
		if err == nil && ch.Status == "pending" {
			return errors.New("charge still pending")
		}
		return err
	})
	return ch, err
}

// RefundAll refunds each charge once; the loop walks a list, it does not
// repeat a request.
func (s *Service) RefundAll(ctx context.Context, chargeIDs []string, amount int64) error {
	for _, id := range chargeIDs {
		if err := s.Payments.Refund(ctx, id, amount); err != nil { // SAFE(retrypost): one POST per item, no retry
			return err
		}
	}
	return nil
}
