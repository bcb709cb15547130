// Package ledger stores payments and the adjustments a connector reports
// for them (captures, refunds), in batches.
package ledger

import (
	"context"
	"database/sql"

	"github.com/uptrace/bun"
)

type payment struct {
	bun.BaseModel `bun:"table:payments"`

	ID     string `bun:",pk"`
	Amount int64
}

type adjustment struct {
	bun.BaseModel `bun:"table:payment_adjustments"`

	ID        string `bun:",pk"`
	PaymentID string
	Kind      string
	Amount    int64
}

type Adjustment struct {
	ID, PaymentID, Kind string
	Amount              int64
}

type Store struct{ db *bun.DB }

// UpsertBatch applies a capture's amount for every adjustment of the
// batch: a batch stored again (the activity retried after it committed)
// captures every amount twice.
func (s *Store) UpsertBatch(ctx context.Context, adjs []Adjustment) error {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows := make([]adjustment, 0, len(adjs))
	deltas := make([]payment, 0, len(adjs))
	for _, a := range adjs {
		rows = append(rows, adjustment{ID: a.ID, PaymentID: a.PaymentID, Kind: a.Kind, Amount: a.Amount})
		if a.Kind == "capture" {
			deltas = append(deltas, payment{ID: a.PaymentID, Amount: a.Amount})
		}
	}
	if _, err := tx.NewInsert().Model(&rows).On("CONFLICT (id) DO NOTHING").Exec(ctx); err != nil {
		return err
	}
	if len(deltas) > 0 {
		if _, err := tx.NewInsert().Model(&deltas).On("CONFLICT (id) DO UPDATE").Set("amount = payment.amount + EXCLUDED.amount").Exec(ctx); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// UpsertBatchOnce inserts the adjustments first and applies the amounts
// of those it inserted only: RETURNING hands back the new rows, so a
// batch stored again moves no amount.
func (s *Store) UpsertBatchOnce(ctx context.Context, adjs []Adjustment) error {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows := make([]adjustment, 0, len(adjs))
	for _, a := range adjs {
		rows = append(rows, adjustment{ID: a.ID, PaymentID: a.PaymentID, Kind: a.Kind, Amount: a.Amount})
	}
	var inserted []adjustment
	if len(rows) > 0 {
		if err := tx.NewInsert().Model(&rows).On("CONFLICT (id) DO NOTHING").Returning("*").Scan(ctx, &inserted); err != nil {
			return err
		}
	}
	deltas := make([]payment, 0, len(inserted))
	for _, a := range inserted {
		if a.Kind == "capture" {
			deltas = append(deltas, payment{ID: a.PaymentID, Amount: a.Amount})
		}
	}
	if len(deltas) > 0 {
		if _, err := tx.NewInsert().Model(&deltas).On("CONFLICT (id) DO UPDATE").Set("amount = payment.amount + EXCLUDED.amount").Exec(ctx); err != nil {
			return err
		}
	}
	return tx.Commit()
}
