package bunq

import (
	"context"

	"github.com/uptrace/bun"
)

type Wallet struct {
	ID      int64 `bun:",pk"`
	Balance int64
}

func Credit(ctx context.Context, db *bun.DB, id, n int64) error {
	w := new(Wallet)
	if err := db.NewSelect().Model(w).Where("id = ?", id).Scan(ctx); err != nil {
		return err
	}
	_, err := db.NewUpdate().Model(w).Set("balance = ?", w.Balance+n).WherePK().Exec(ctx) // want `lost update on wallets.balance`
	return err
}

// ---- silent ----

func CreditAtomic(ctx context.Context, db *bun.DB, id, n int64) error {
	_, err := db.NewUpdate().Model((*Wallet)(nil)).Set("balance = balance + ?", n).Where("id = ?", id).Exec(ctx) // ok: atomic
	return err
}

func CreditLocked(ctx context.Context, db *bun.DB, id, n int64) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		w := new(Wallet)
		if err := tx.NewSelect().Model(w).Where("id = ?", id).For("UPDATE").Scan(ctx); err != nil {
			return err
		}
		_, err := tx.NewUpdate().Model(w).Set("balance = ?", w.Balance+n).WherePK().Exec(ctx) // ok: the row is locked
		return err
	})
}
