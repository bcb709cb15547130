// Package store logs inside transactions that hold row locks: a log call
// is no network call of the code that logs, whatever the logger's sink
// does with the entry; the application's own network calls still are.
package store

import (
	"context"
	"database/sql"

	"example.com/logging/logger"
)

type Store struct {
	DB     *sql.DB
	Log    *logger.Logger
	Sink   logger.Sink
	Alerts *logger.Alerts
}

// Debit logs through zap's sugared logger and the application's wrapper
// while the account row is locked: silent.
func (s *Store) Debit(ctx context.Context, accountID, amount int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var balance int64
	if err := tx.QueryRowContext(ctx, `SELECT balance FROM accounts WHERE id = $1 FOR UPDATE`, accountID).Scan(&balance); err != nil {
		return err
	}
	s.Log.Infow("debit", "account", accountID, "amount", amount) // ok: logging
	s.Log.Audit("debit", accountID)                             // ok: the application's logging helper
	if balance < amount {
		s.Sink.Errorw("insufficient", "account", accountID) // ok: logging through an interface zap implements
		return sql.ErrNoRows
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance - $1 WHERE id = $2`, amount, accountID); err != nil {
		return err
	}
	return tx.Commit()
}

// Freeze pages on-call over the network while the row is locked: the
// application's own network call is reported.
func (s *Store) Freeze(ctx context.Context, accountID int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var status string
	if err := tx.QueryRowContext(ctx, `SELECT status FROM accounts WHERE id = $1 FOR UPDATE`, accountID).Scan(&status); err != nil {
		return err
	}
	s.Log.Infow("freeze", "account", accountID) // ok: logging
	if err := s.Alerts.Page("freezing account"); err != nil { // want `network call \(logger.Alerts.Page → net.Dial\) while the transaction holds the row lock`
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET status = 'frozen' WHERE id = $1`, accountID); err != nil {
		return err
	}
	return tx.Commit()
}
