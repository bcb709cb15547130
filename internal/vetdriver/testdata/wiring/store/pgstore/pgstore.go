// Package pgstore keeps payout balances on database/sql. Its constructor
// returns the concrete store ("accept interfaces, return structs"); the
// payout service declares the interface it needs, and main hands one to
// the other.
package pgstore

import (
	"context"
	"database/sql"
)

type Store struct{ db *sql.DB }

func New(db *sql.DB) *Store { return &Store{db: db} }

func (s *Store) PayoutBalance(ctx context.Context, merchant int64) (int64, error) {
	var b int64
	err := s.db.QueryRowContext(ctx, "SELECT balance FROM payout_balances WHERE merchant_id = $1", merchant).Scan(&b)
	return b, err
}

func (s *Store) SetPayoutBalance(ctx context.Context, merchant, balance int64) error {
	_, err := s.db.ExecContext(ctx, "UPDATE payout_balances SET balance = $1 WHERE merchant_id = $2", balance, merchant)
	return err
}
