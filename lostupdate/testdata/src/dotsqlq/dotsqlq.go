package dotsqlq

import (
	"context"
	"database/sql"

	"github.com/qustavo/dotsql"
)

type Wallets struct {
	db  *sql.DB
	dot *dotsql.DotSql
}

func (w *Wallets) Credit(ctx context.Context, id, amount int64) error {
	row, err := w.dot.QueryRowContext(ctx, w.db, "find-wallet", id)
	if err != nil {
		return err
	}
	var balance int64
	if err := row.Scan(&balance); err != nil {
		return err
	}
	_, err = w.dot.ExecContext(ctx, w.db, "set-wallet-balance", balance+amount, id) // want `lost update on wallets.balance`
	return err
}

// ---- silent ----

func (w *Wallets) CreditAtomic(ctx context.Context, id, amount int64) error {
	_, err := w.dot.ExecContext(ctx, w.db, "credit-wallet", amount, id) // ok: atomic
	return err
}

func (w *Wallets) Set(ctx context.Context, id, balance int64) error {
	_, err := w.dot.ExecContext(ctx, w.db, "set-wallet-balance", balance, id) // ok: the caller's value
	return err
}
