// Package svc changes passwords: the stored hash is read to check the old
// password, and a new hash, made from the request alone, replaces it.
package svc

import (
	"context"
	"errors"
	"strings"

	"passcheck/repo"
)

type Service struct{ Accounts *repo.Accounts }

func (s *Service) hash(_ context.Context, p string) (string, error) { return "h:" + p, nil }

func (s *Service) matches(_ context.Context, plain, stored string) bool {
	return strings.TrimPrefix(stored, "h:") == plain
}

// The read decides whether the write happens, but the value written does
// not come from it: nothing a concurrent writer stored is recomputed here.
func (s *Service) ChangePassword(ctx context.Context, id, oldPass, newPass string) error {
	h, err := s.hash(ctx, newPass)
	if err != nil {
		return err
	}
	a, ok, err := s.Accounts.ByID(id)
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("no such account")
	}
	if !s.matches(ctx, oldPass, a.Hash) {
		return errors.New("wrong password")
	}
	return s.Accounts.SetHash(a.ID, h)
}

// The login count read, incremented in Go and written back: two sign-ins
// at once count one.
func (s *Service) CountLogin(id string) error {
	a, ok, err := s.Accounts.ByID(id)
	if err != nil || !ok {
		return err
	}
	return s.Accounts.SetLogins(a.ID, a.Logins+1) // want `lost update on account.logins`
}

// The stored hash itself upgraded by the same kind of helper and written
// back: a password changed meanwhile is replaced by the old one, rehashed.
func (s *Service) Upgrade(ctx context.Context, id string) error {
	a, ok, err := s.Accounts.ByID(id)
	if err != nil || !ok {
		return err
	}
	h, err := s.hash(ctx, a.Hash)
	if err != nil {
		return err
	}
	return s.Accounts.SetHash(a.ID, h) // want `lost update on account.hash`
}
