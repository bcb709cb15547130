// Package billing charges cards with Stripe.
package billing

import (
	"context"
	"time"

	"github.com/google/uuid"
	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/charge"

	"github.com/idemvet/idemvet/testdata/e2esdk/internal/repo"
)

// Transactor is dbctx.Manager, wired in main.
type Transactor interface {
	WithinTransaction(ctx context.Context, fn func(ctx context.Context) error) error
}

type Service struct {
	Tx       Transactor
	Accounts *repo.Accounts
	Stripe   *stripe.Client
}

// Charge charges the account's customer while its row is locked.
func (s *Service) Charge(ctx context.Context, id, amount int64) error {
	return s.Tx.WithinTransaction(ctx, func(ctx context.Context) error {
		customer, err := s.Accounts.LockCustomer(ctx, id)
		if err != nil {
			return err
		}
		_, err = s.Stripe.V1Charges.Create(ctx, &stripe.ChargeCreateParams{Amount: stripe.Int64(amount), Currency: stripe.String("usd"), Customer: stripe.String(customer)}) // HAZARD(lockacrosscall)
		return err
	})
}

// Lookup reads inside the transaction without locking.
func (s *Service) Lookup(ctx context.Context, id int64, chargeID string) error {
	return s.Tx.WithinTransaction(ctx, func(ctx context.Context) error {
		if _, err := s.Accounts.Customer(ctx, id); err != nil {
			return err
		}
		_, err := s.Stripe.V1Charges.Retrieve(ctx, chargeID, nil) // SAFE(lockacrosscall): no row lock held
		return err
	})
}

// ChargeRetry retries a charge without an idempotency key.
func ChargeRetry(customer string, amount int64) (*stripe.Charge, error) {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var ch *stripe.Charge
		ch, err = charge.New(&stripe.ChargeParams{Amount: stripe.Int64(amount), Currency: stripe.String("usd"), Customer: stripe.String(customer)}) // HAZARD(retrypost)
		if err == nil {
			return ch, nil
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return nil, err
}

// ChargeRetryKeyed mints the key once, before the retry.
func ChargeRetryKeyed(customer string, amount int64) (*stripe.Charge, error) {
	key := uuid.NewString()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		params := &stripe.ChargeParams{Amount: stripe.Int64(amount), Currency: stripe.String("usd"), Customer: stripe.String(customer)}
		params.SetIdempotencyKey(key)
		var ch *stripe.Charge
		ch, err = charge.New(params) // SAFE(retrypost): one key for every attempt
		if err == nil {
			return ch, nil
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return nil, err
}
