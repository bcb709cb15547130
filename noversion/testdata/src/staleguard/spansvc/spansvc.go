// Package spansvc checks a voucher's claim limit on the row a span-traced
// repository returned, then counts the claim.
package spansvc

import (
	"context"
	"errors"

	"staleguard/spanrepo"
)

var ErrUsedUp = errors.New("voucher used up")

type Service struct{ repo *spanrepo.Repo }

// Redeem checks the count it read and increments it by the code alone.
func (s *Service) Redeem(ctx context.Context, code string) error {
	v, err := s.repo.Get(ctx, code)
	if err != nil {
		return err
	}
	if v.Claimed >= v.Limit {
		return ErrUsedUp
	}
	return s.repo.Claim(ctx, code) // want `check-then-update on vouchers\(claimed\): the check at spansvc\.go:\d+ of the value read at spansvc\.go:\d+ \(by spanrepo\.Repo\.Get\)`
}

// RedeemLocked reads the row FOR UPDATE in the transaction that counts
// the claim: the second request waits and sees the first one's count.
func (s *Service) RedeemLocked(ctx context.Context, code string) error {
	tx, err := s.repo.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	v, err := s.repo.GetForUpdate(ctx, tx, code)
	if err != nil {
		return err
	}
	if v.Claimed >= v.Limit {
		return ErrUsedUp
	}
	if err := s.repo.ClaimTx(ctx, tx, code); err != nil {
		return err
	}
	return tx.Commit()
}

// Show checks the count for a message and writes nothing.
func (s *Service) Show(ctx context.Context, code string) (string, error) {
	v, err := s.repo.Get(ctx, code)
	if err != nil {
		return "", err
	}
	if v.Claimed >= v.Limit {
		return "used up", nil
	}
	return "open", nil
}
