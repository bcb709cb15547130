// Package service credits accounts through the repository interface; it
// does not import the implementation.
package service

import (
	"context"

	"example.com/wiring/domain/account"
)

type Service struct {
	Accounts account.Repository
}

// Credit reads the balance and writes it back recomputed.
func (s *Service) Credit(ctx context.Context, id, amount int64) error {
	a, err := s.Accounts.Account(ctx, id)
	if err != nil {
		return err
	}
	return s.Accounts.SaveBalance(ctx, id, a.Balance+amount)
}

// Reset writes the caller's value.
func (s *Service) Reset(ctx context.Context, id, balance int64) error {
	if _, err := s.Accounts.Account(ctx, id); err != nil {
		return err
	}
	return s.Accounts.SaveBalance(ctx, id, balance)
}
