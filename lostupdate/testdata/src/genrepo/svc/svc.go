// Package svc holds its wallets in the generic repository of package repo,
// instantiated with its row type, behind an interface of its own that
// embeds the instance.
package svc

import (
	"context"

	"genrepo/repo"
)

type Wallets interface {
	repo.Store[repo.Wallet]
	Close() error
}

type Service struct{ wallets Wallets }

func (s *Service) Credit(ctx context.Context, id, amount int64) error {
	b, err := s.wallets.Balance(ctx, id)
	if err != nil {
		return err
	}
	return s.wallets.SetBalance(ctx, id, b+amount) // want `lost update on wallets.balance: the value read at svc.go:20 \(by repo.SQLStore.Balance\)`
}

// ---- silent ----

func (s *Service) CreditAtomic(ctx context.Context, id, amount int64) error {
	return s.wallets.AddBalance(ctx, id, amount) // ok: atomic
}

func (s *Service) Reset(ctx context.Context, id, balance int64) error {
	if _, err := s.wallets.Balance(ctx, id); err != nil {
		return err
	}
	return s.wallets.SetBalance(ctx, id, balance) // ok: the caller's value
}
