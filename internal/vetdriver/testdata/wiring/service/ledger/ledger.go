// Package ledger declares the store it needs; the package implementing it
// imports this one (for DefaultLimit), so no wiring edge can order the
// implementation first: this package is analyzed again after the run.
package ledger

import "context"

// DefaultLimit is the credit limit of a new account.
const DefaultLimit = 100

type Store interface {
	CreditLimit(ctx context.Context, account int64) (int64, error)
	SetCreditLimit(ctx context.Context, account, limit int64) error
}

type Service struct{ Store Store }

// Raise reads the limit and writes it back raised.
func (s *Service) Raise(ctx context.Context, account, by int64) error {
	limit, err := s.Store.CreditLimit(ctx, account)
	if err != nil {
		return err
	}
	return s.Store.SetCreditLimit(ctx, account, limit+by)
}

// Reset writes the default, whatever was read.
func (s *Service) Reset(ctx context.Context, account int64) error {
	if _, err := s.Store.CreditLimit(ctx, account); err != nil {
		return err
	}
	return s.Store.SetCreditLimit(ctx, account, DefaultLimit)
}

// Limit and SetLimit hand the store's calls on to the API's handlers.
func (s *Service) Limit(ctx context.Context, account int64) (int64, error) {
	return s.Store.CreditLimit(ctx, account)
}

func (s *Service) SetLimit(ctx context.Context, account, limit int64) error {
	return s.Store.SetCreditLimit(ctx, account, limit)
}
