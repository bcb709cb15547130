package svc

import (
	"context"
	"errors"

	"crosspkg/repo"
)

type Service struct{ users *repo.Users }

func (s *Service) SignUp(ctx context.Context, email string) error {
	_, err := s.users.FindByEmail(ctx, email)
	if err == nil {
		return errors.New("taken")
	}
	if !errors.Is(err, repo.ErrNotFound) {
		return err
	}
	return s.users.Create(ctx, &repo.User{Email: email}) // want `check-then-insert on users\(email\): a concurrent request can insert between the lookup by repo.Users.FindByEmail at svc.go:13`
}

func (s *Service) SignUpNil(ctx context.Context, email string) error {
	u, err := s.users.Lookup(ctx, email)
	if err != nil {
		return err
	}
	if u != nil {
		return errors.New("taken")
	}
	return s.users.Create(ctx, &repo.User{Email: email}) // want `check-then-insert on users\(email\)`
}

// ---- silent ----

func (s *Service) SignUpIfAbsent(ctx context.Context, email string) error {
	if _, err := s.users.FindByEmail(ctx, email); err == nil {
		return errors.New("taken")
	}
	return s.users.CreateIfAbsent(ctx, email) // ok: ON CONFLICT inside the repository
}

func (s *Service) Profile(ctx context.Context, email string) (*repo.User, error) {
	u, err := s.users.FindByEmail(ctx, email)
	if err != nil {
		return nil, err
	}
	return u, s.users.Create(ctx, &repo.User{Email: "audit+" + email}) // ok: another email, on the found path
}
