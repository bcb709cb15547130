// Package repo is the ledger's repository, with its transaction helper.
package repo

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

// InTx runs fn in a transaction, committed when fn returns nil.
func (s *Store) InTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// MarkProcessed claims an event id: false when it was claimed before.
func MarkProcessed(ctx context.Context, tx *sql.Tx, id string) (bool, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO processed_events (id) VALUES ($1) ON CONFLICT DO NOTHING`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Credit adds to a customer's balance.
func Credit(ctx context.Context, tx *sql.Tx, customer string, amount int64) error {
	_, err := tx.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE customer = $2`, amount, customer)
	return err
}

// SetPlan records a customer's plan.
func SetPlan(ctx context.Context, tx *sql.Tx, customer, plan string) error {
	_, err := tx.ExecContext(ctx, `UPDATE customers SET plan = $1 WHERE id = $2`, plan, customer)
	return err
}
