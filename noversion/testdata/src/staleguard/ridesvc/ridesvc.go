// Package ridesvc accepts rides through the repository of another package.
package ridesvc

import (
	"context"
	"errors"

	"staleguard/ridesrepo"
)

var ErrTaken = errors.New("ride taken")

type Service struct{ repo *ridesrepo.Repo }

func (s *Service) Accept(ctx context.Context, id, driver int64) error {
	ride, err := s.repo.Ride(ctx, id)
	if err != nil {
		return err
	}
	if ride.Status != "searching" || ride.DriverID != nil {
		return ErrTaken
	}
	return s.repo.Assign(ctx, id, driver) // want `check-then-update on rides\(status\): the check at ridesvc.go:\d+ of the value read at ridesvc.go:\d+ \(by ridesrepo.Repo.Ride\) is not in the WHERE of the update by ridesrepo.Repo.Assign`
}

func (s *Service) AcceptCAS(ctx context.Context, id, driver int64) error {
	ride, err := s.repo.Ride(ctx, id)
	if err != nil {
		return err
	}
	if ride.Status != "searching" {
		return ErrTaken
	}
	ok, err := s.repo.AssignIfSearching(ctx, id, driver) // ok: the WHERE re-checks, the outcome is tested
	if err != nil {
		return err
	}
	if !ok {
		return ErrTaken
	}
	return nil
}
