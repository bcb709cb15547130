// Package wallet debits wallets inside transactions carried in the context.
package wallet

import (
	"context"
	"database/sql"

	"ctxtx/store"
)

type Service struct {
	DB      *sql.DB
	Wallets *store.Wallets
}

// Debit reads the balance without a lock and writes it back.
func (s *Service) Debit(ctx context.Context, id, amount int64) error {
	return store.InTx(ctx, s.DB, func(ctx context.Context) error {
		b, err := s.Wallets.Balance(ctx, id)
		if err != nil {
			return err
		}
		return s.Wallets.SetBalance(ctx, id, b-amount) // want `lost update on wallets.balance`
	})
}

// DebitLocked reads it FOR UPDATE in the same transaction.
func (s *Service) DebitLocked(ctx context.Context, id, amount int64) error {
	return store.InTx(ctx, s.DB, func(ctx context.Context) error {
		b, err := s.Wallets.BalanceForUpdate(ctx, id)
		if err != nil {
			return err
		}
		return s.Wallets.SetBalance(ctx, id, b-amount) // ok: the row is locked from the read to the commit
	})
}

// DebitOnPool locks the row on the pool: the context carries no
// transaction, so the lock ends with its statement.
func (s *Service) DebitOnPool(ctx context.Context, id, amount int64) error {
	b, err := s.Wallets.BalanceForUpdate(ctx, id)
	if err != nil {
		return err
	}
	return s.Wallets.SetBalance(ctx, id, b-amount) // want `lost update on wallets.balance`
}
