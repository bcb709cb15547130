// Package billing credits wallets through wallet.Repository, implemented
// by a storage package it does not import.
package billing

import (
	"context"

	"downstream/wallet"
)

type Service struct {
	wallets wallet.Repository
}

// Credit adds to the balance in Go and saves the wallet: two credits at
// once, and one is lost.
func (s *Service) Credit(ctx context.Context, id string, amount int64) error {
	w, err := s.wallets.Get(ctx, id)
	if err != nil {
		return err
	}
	w.Balance += amount
	return s.wallets.Update(ctx, w) // want `lost update on wallets\.balance: the value read at billing\.go:\d+ \(by wallet\.Repository\.Get\) is recomputed in Go and written back; .*\(the accesses of wallet\.Repository\.Get and wallet\.Repository\.Update are inferred from their names`
}

// Transfer changes the owner from the request: no value read is
// recomputed.
func (s *Service) Transfer(ctx context.Context, owner, to string) error {
	w, err := s.wallets.GetByOwner(ctx, owner)
	if err != nil {
		return err
	}
	w.Owner = to
	return s.wallets.Update(ctx, w)
}
