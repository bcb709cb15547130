// Package svc enforces a per-user token limit through the repository.
package svc

import (
	"context"
	"errors"

	"capacitysvc/repo"
)

type Service struct {
	repo  *repo.Repo
	limit int
}

func (s *Service) Issue(ctx context.Context, user int64, hash string) error {
	n, err := s.repo.CountTokens(ctx, user)
	if err != nil {
		return err
	}
	if n >= s.limit {
		return errors.New("too many tokens")
	}
	return s.repo.InsertToken(ctx, user, hash) // want `count-then-insert on tokens\(user_id\): concurrent requests all count below the limit at svc.go:\d+ \(by repo.Repo.CountTokens\)`
}

// A presence test is a check-then-insert, not a capacity check.
func IssueFirst(ctx context.Context, user int64, hash string, s *Service) error {
	n, err := s.repo.CountTokens(ctx, user)
	if err != nil {
		return err
	}
	if n > 0 {
		return errors.New("already has one")
	}
	return s.repo.InsertToken(ctx, user, hash) // want `check-then-insert on tokens\(user_id\)`
}
