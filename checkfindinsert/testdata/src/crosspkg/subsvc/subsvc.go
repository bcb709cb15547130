// Package subsvc creates one subscription per endpoint.
package subsvc

import (
	"context"
	"errors"

	"crosspkg/subrepo"
)

var ErrExists = errors.New("a subscription for this endpoint exists")

type Service struct{ Repo *subrepo.Repo }

// Create counts by the endpoint it looked up and inserts the id it was
// given: the same endpoint, as the lookup's WHERE says.
func (s *Service) Create(ctx context.Context, project, endpointID, id string) error {
	ep, err := s.Repo.Endpoint(ctx, endpointID)
	if err != nil {
		return err
	}
	n, err := s.Repo.CountForEndpoint(ctx, project, ep.UID)
	if err != nil {
		return err
	}
	if n > 0 {
		return ErrExists
	}
	return s.Repo.Create(ctx, &subrepo.Subscription{UID: id, ProjectID: project, EndpointID: endpointID}) // want `check-then-insert on subscriptions\(project_id, endpoint_id\)`
}

// ---- silent ----

// Move counts the endpoint looked up and inserts for another one.
func (s *Service) Move(ctx context.Context, project, endpointID, target, id string) error {
	ep, err := s.Repo.Endpoint(ctx, endpointID)
	if err != nil {
		return err
	}
	n, err := s.Repo.CountForEndpoint(ctx, project, ep.UID)
	if err != nil {
		return err
	}
	if n > 0 {
		return ErrExists
	}
	return s.Repo.Create(ctx, &subrepo.Subscription{UID: id, ProjectID: project, EndpointID: target}) // ok: another endpoint's key
}
