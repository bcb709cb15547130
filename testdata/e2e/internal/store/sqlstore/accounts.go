package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
	"github.com/idemvet/idemvet/testdata/e2e/internal/payments"
)

// Withdraw reads the balance, subtracts in Go and writes the result back:
// two concurrent withdrawals both read the same balance and one is lost.
func (s *Store) Withdraw(ctx context.Context, accountID, amount int64) error {
	var balance int64
	if err := s.DB.QueryRowContext(ctx, `SELECT balance FROM accounts WHERE id = $1`, accountID).Scan(&balance); err != nil {
		return err
	}
	if balance < amount {
		return domain.ErrInsufficientFunds
	}
	_, err := s.DB.ExecContext(ctx, `UPDATE accounts SET balance = $1, updated_at = now() WHERE id = $2`, balance-amount, accountID) // HAZARD(lostupdate)
	return err
}

// WithdrawLocked is the same read-modify-write under SELECT ... FOR UPDATE
// in one transaction: a concurrent withdrawal waits for the commit.
func (s *Store) WithdrawLocked(ctx context.Context, accountID, amount int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	var balance int64
	if err := tx.QueryRowContext(ctx, `SELECT balance FROM accounts WHERE id = $1 FOR UPDATE`, accountID).Scan(&balance); err != nil {
		return err
	}
	if balance < amount {
		return domain.ErrInsufficientFunds
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = $1, updated_at = now() WHERE id = $2`, balance-amount, accountID); err != nil { // SAFE(lostupdate): the row was read FOR UPDATE in the same transaction
		return err
	}
	return tx.Commit()
}

// Deposit lets the database do the arithmetic.
func (s *Store) Deposit(ctx context.Context, accountID, amount int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1, updated_at = now() WHERE id = $2`, amount, accountID) // SAFE(lostupdate): atomic SET balance = balance + $1
	return err
}

// OpenAccount copies the currency of the user's first account when there
// is one and opens another account in any case: the lookup does not decide
// whether the insert runs, and a user may hold several accounts.
func (s *Store) OpenAccount(ctx context.Context, userID int64) (int64, error) {
	currency := "EUR"
	err := s.DB.QueryRowContext(ctx, `SELECT currency FROM accounts WHERE user_id = $1 ORDER BY id LIMIT 1`, userID).Scan(&currency)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	var id int64
	err = s.DB.QueryRowContext(ctx, `INSERT INTO accounts (user_id, currency) VALUES ($1, $2) RETURNING id`, userID, currency).Scan(&id) // SAFE(checkfindinsert): the insert runs whether or not the lookup found a row
	return id, err
}

// TopUpByCard locks the account row, then charges the card over HTTP while
// the lock is held: every other writer of the account waits for the card
// processor.
func (s *Store) TopUpByCard(ctx context.Context, accountID, amount int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	var userID int64
	var currency string
	if err := tx.QueryRowContext(ctx, `SELECT user_id, currency FROM accounts WHERE id = $1 FOR UPDATE`, accountID).Scan(&userID, &currency); err != nil {
		return err
	}
	if _, err := s.Payments.Charge(ctx, payments.ChargeRequest{CustomerID: userID, AmountCents: amount, Currency: currency}); err != nil { // HAZARD(lockacrosscall)
		return fmt.Errorf("charge: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, amount, accountID); err != nil {
		return err
	}
	return tx.Commit()
}

// TopUpByCardAfterCommit charges first, without any transaction, then
// credits the account in a short transaction of its own.
func (s *Store) TopUpByCardAfterCommit(ctx context.Context, accountID, amount int64, idempotencyKey string) error {
	var userID int64
	var currency string
	if err := s.DB.QueryRowContext(ctx, `SELECT user_id, currency FROM accounts WHERE id = $1`, accountID).Scan(&userID, &currency); err != nil {
		return err
	}
	if _, err := s.Payments.ChargeWithKey(ctx, idempotencyKey, payments.ChargeRequest{CustomerID: userID, AmountCents: amount, Currency: currency}); err != nil { // SAFE(lockacrosscall): no transaction is open
		return fmt.Errorf("charge: %w", err)
	}
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, amount, accountID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO outbox (topic, payload) VALUES ('account.topped_up', jsonb_build_object('account_id', $1::bigint, 'amount', $2::bigint))`, accountID, amount); err != nil {
		return err
	}
	return tx.Commit()
}
