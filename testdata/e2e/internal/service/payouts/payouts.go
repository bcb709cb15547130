// Package payouts pays out of an account's balance through the pgx store.
package payouts

import (
	"context"
	"errors"

	"github.com/idemvet/idemvet/testdata/e2e/internal/store/pgxstore"
)

var ErrInsufficient = errors.New("insufficient balance")

type Service struct{ Store *pgxstore.Store }

// Pay checks the balance in Go; two payouts racing past the check both
// debit and overdraw the account.
func (s *Service) Pay(ctx context.Context, accountID, amount int64) error {
	balance, err := s.Store.Balance(ctx, accountID)
	if err != nil {
		return err
	}
	if balance < amount {
		return ErrInsufficient
	}
	return s.Store.Debit(ctx, accountID, amount) // HAZARD(noversion)
}

// PayChecked re-states the check in the UPDATE and reads its outcome.
func (s *Service) PayChecked(ctx context.Context, accountID, amount int64) error {
	balance, err := s.Store.Balance(ctx, accountID)
	if err != nil {
		return err
	}
	if balance < amount {
		return ErrInsufficient
	}
	ok, err := s.Store.DebitIfCovered(ctx, accountID, amount) // SAFE(noversion): AND balance >= $1, RowsAffected tested
	if err != nil {
		return err
	}
	if !ok {
		return ErrInsufficient
	}
	return nil
}
