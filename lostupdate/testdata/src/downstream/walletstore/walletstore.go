// Package walletstore implements wallet.Repository with database/sql.
package walletstore

import (
	"context"
	"database/sql"

	"downstream/wallet"
)

type Store struct{ DB *sql.DB }

var _ wallet.Repository = (*Store)(nil)

func (s *Store) Get(ctx context.Context, id string) (*wallet.Wallet, error) {
	w := &wallet.Wallet{}
	err := s.DB.QueryRowContext(ctx, "SELECT id, owner, balance FROM wallets WHERE id = $1", id).Scan(&w.ID, &w.Owner, &w.Balance)
	return w, err
}

func (s *Store) GetByOwner(ctx context.Context, owner string) (*wallet.Wallet, error) {
	w := &wallet.Wallet{}
	err := s.DB.QueryRowContext(ctx, "SELECT id, owner, balance FROM wallets WHERE owner = $1", owner).Scan(&w.ID, &w.Owner, &w.Balance)
	return w, err
}

func (s *Store) Update(ctx context.Context, w *wallet.Wallet) error {
	_, err := s.DB.ExecContext(ctx, "UPDATE wallets SET owner = $1, balance = $2 WHERE id = $3", w.Owner, w.Balance, w.ID)
	return err
}
