// Package pgledger implements ledger.Store; it imports the service's
// package for its default.
package pgledger

import (
	"context"
	"database/sql"
	"errors"

	"example.com/wiring/service/ledger"
)

var _ ledger.Store = (*Store)(nil)

type Store struct{ db *sql.DB }

func New(db *sql.DB) *Store { return &Store{db: db} }

func (s *Store) CreditLimit(ctx context.Context, account int64) (int64, error) {
	var limit int64
	err := s.db.QueryRowContext(ctx, "SELECT credit_limit FROM credit_limits WHERE account_id = $1", account).Scan(&limit)
	if errors.Is(err, sql.ErrNoRows) {
		return ledger.DefaultLimit, nil
	}
	return limit, err
}

func (s *Store) SetCreditLimit(ctx context.Context, account, limit int64) error {
	_, err := s.db.ExecContext(ctx, "UPDATE credit_limits SET credit_limit = $1 WHERE account_id = $2", limit, account)
	return err
}
