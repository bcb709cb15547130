// Package decimalwallet: a credit balance held as a decimal, compared by
// method (LessThan), in the function and in a validation helper, before a
// decrement whose WHERE does not re-state it.
package decimalwallet

import (
	"context"
	"database/sql"
	"errors"

	"github.com/shopspring/decimal"
)

var ErrInsufficient = errors.New("insufficient credits")

type Wallet struct {
	ID            string
	CreditBalance decimal.Decimal
	Status        string
}

type Store struct{ db *sql.DB }

func (s *Store) get(ctx context.Context, id string) (*Wallet, error) {
	var w Wallet
	if err := s.db.QueryRowContext(ctx, "SELECT id, credit_balance, status FROM wallets WHERE id = $1", id).Scan(&w.ID, &w.CreditBalance, &w.Status); err != nil {
		return nil, err
	}
	return &w, nil
}

// Spend compares by method in the function itself.
func (s *Store) Spend(ctx context.Context, id string, amount decimal.Decimal) error {
	w, err := s.get(ctx, id)
	if err != nil {
		return err
	}
	if w.CreditBalance.LessThan(amount) {
		return ErrInsufficient
	}
	_, err = s.db.ExecContext(ctx, "UPDATE wallets SET credit_balance = credit_balance - $1 WHERE id = $2", amount, id) // want `check-then-update on wallets\(credit_balance\): the check at decimalwallet\.go:\d+ of the value read .* add AND credit_balance >= \$n`
	return err
}

func hasCredits(w *Wallet, amount decimal.Decimal) error {
	if w.CreditBalance.LessThan(amount) {
		return ErrInsufficient
	}
	return nil
}

// Debit compares in a helper.
func (s *Store) Debit(ctx context.Context, id string, amount decimal.Decimal) error {
	w, err := s.get(ctx, id)
	if err != nil {
		return err
	}
	if err := hasCredits(w, amount); err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, "UPDATE wallets SET credit_balance = credit_balance - $1 WHERE id = $2", amount, id) // want `check-then-update on wallets\(credit_balance\): the check at decimalwallet\.go:\d+ \(by hasCredits\) .* add AND credit_balance >= \$n`
	return err
}

// ---- silent ----

// SpendGuarded is the fix: the WHERE carries the balance, 0 rows is the
// lost race.
func (s *Store) SpendGuarded(ctx context.Context, id string, amount decimal.Decimal) error {
	w, err := s.get(ctx, id)
	if err != nil {
		return err
	}
	if w.CreditBalance.LessThan(amount) {
		return ErrInsufficient
	}
	res, err := s.db.ExecContext(ctx, "UPDATE wallets SET credit_balance = credit_balance - $1 WHERE id = $2 AND credit_balance >= $1", amount, id) // ok: re-checked in the WHERE
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrInsufficient
	}
	return nil
}

// DebitLocked is the other fix: the row is held from the read.
func (s *Store) DebitLocked(ctx context.Context, id string, amount decimal.Decimal) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var w Wallet
	if err := tx.QueryRowContext(ctx, "SELECT id, credit_balance FROM wallets WHERE id = $1 FOR UPDATE", id).Scan(&w.ID, &w.CreditBalance); err != nil {
		return err
	}
	if err := hasCredits(&w, amount); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE wallets SET credit_balance = credit_balance - $1 WHERE id = $2", amount, id); err != nil { // ok: FOR UPDATE holds the row
		return err
	}
	return tx.Commit()
}

// TopUp's check (a positive amount) is of the request, not of the row.
func (s *Store) TopUp(ctx context.Context, id string, amount decimal.Decimal) error {
	if amount.LessThanOrEqual(decimal.Zero) {
		return errors.New("amount must be positive")
	}
	_, err := s.db.ExecContext(ctx, "UPDATE wallets SET credit_balance = credit_balance + $1 WHERE id = $2", amount, id) // ok: nothing read decides it
	return err
}
