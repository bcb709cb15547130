// Package payout declares the store it is written against and never
// imports an implementation.
package payout

import "context"

type balanceStore interface {
	PayoutBalance(ctx context.Context, merchant int64) (int64, error)
	SetPayoutBalance(ctx context.Context, merchant, balance int64) error
}

type Service struct{ store balanceStore }

func New(store balanceStore) *Service { return &Service{store: store} }

// Withdraw reads the balance and writes it back reduced.
func (s *Service) Withdraw(ctx context.Context, merchant, amount int64) error {
	b, err := s.store.PayoutBalance(ctx, merchant)
	if err != nil {
		return err
	}
	return s.store.SetPayoutBalance(ctx, merchant, b-amount)
}

// Close writes a balance of the caller's.
func (s *Service) Close(ctx context.Context, merchant int64) error {
	if _, err := s.store.PayoutBalance(ctx, merchant); err != nil {
		return err
	}
	return s.store.SetPayoutBalance(ctx, merchant, 0)
}
