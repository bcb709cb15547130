package svc

import (
	"context"

	"dbwrap/db"
)

type Wallets struct{ bus *db.Bus }

func (w *Wallets) TopUp(ctx context.Context, id, amount int64) error {
	var balance int64
	if err := w.bus.One(ctx, &balance, "SELECT balance FROM wallets WHERE id = $1", id); err != nil {
		return err
	}
	_, err := w.bus.Run(ctx, "UPDATE wallets SET balance = $1 WHERE id = $2", balance+amount, id) // want `lost update on wallets.balance: the value read at svc.go:13`
	return err
}

// ---- silent ----

func (w *Wallets) TopUpAtomic(ctx context.Context, id, amount int64) error {
	_, err := w.bus.Run(ctx, "UPDATE wallets SET balance = balance + $1 WHERE id = $2", amount, id) // ok: atomic
	return err
}

func (w *Wallets) Reset(ctx context.Context, id, balance int64) error {
	var old int64
	if err := w.bus.One(ctx, &old, "SELECT balance FROM wallets WHERE id = $1", id); err != nil {
		return err
	}
	_, err := w.bus.Run(ctx, "UPDATE wallets SET balance = $1 WHERE id = $2", balance, id) // ok: the caller's value, not the one read
	return err
}
