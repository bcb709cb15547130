// Package wallet moves money between accounts through sqlc's database/sql
// queries.
package wallet

import (
	"context"

	"github.com/idemvet/idemvet/testdata/e2e/internal/db/sqlq"
	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

type Service struct {
	Q *sqlq.Queries
}

// Debit reads the account with GetAccount and stores balance-amount with
// SetAccountBalance.
func (s *Service) Debit(ctx context.Context, accountID, amount int64) error {
	acc, err := s.Q.GetAccount(ctx, accountID)
	if err != nil {
		return err
	}
	if acc.Balance < amount {
		return domain.ErrInsufficientFunds
	}
	return s.Q.SetAccountBalance(ctx, sqlq.SetAccountBalanceParams{ID: accountID, Balance: acc.Balance - amount}) // HAZARD(lostupdate)
}

// DebitGuarded uses the guarded :execrows query.
func (s *Service) DebitGuarded(ctx context.Context, accountID, amount int64) error {
	n, err := s.Q.DebitAccount(ctx, sqlq.DebitAccountParams{ID: accountID, Amount: amount}) // SAFE(lostupdate): balance = balance - amount in SQL, guard checked
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.ErrInsufficientFunds
	}
	return nil
}

// Credit adds in SQL after reading the account for its currency.
func (s *Service) Credit(ctx context.Context, accountID, amount int64, currency string) error {
	acc, err := s.Q.GetAccount(ctx, accountID)
	if err != nil {
		return err
	}
	if acc.Currency != currency {
		return domain.ErrConflict
	}
	return s.Q.CreditAccount(ctx, sqlq.CreditAccountParams{ID: accountID, Amount: amount}) // SAFE(lostupdate): balance = balance + amount in SQL
}
