// Package endpointsvc holds the endpoint services of the webhook service:
// each checks the endpoint's state in Go, then sets it through the
// repository of endpointpg.
package endpointsvc

import (
	"context"
	"fmt"
	"net/http"

	"github.com/jmoiron/sqlx"

	"staleguard/endpointpg"
	"staleguard/endpointstore"
)

type ActivateEndpointService struct {
	EndpointRepo endpointstore.EndpointRepository
	AuditRepo    endpointstore.AuditRepository
	ProjectID    string
	EndpointID   string
}

func New(db *sqlx.DB, projectID, endpointID string) *ActivateEndpointService {
	return &ActivateEndpointService{
		EndpointRepo: endpointpg.NewEndpointRepo(db),
		AuditRepo:    endpointpg.NewAuditRepo(db),
		ProjectID:    projectID,
		EndpointID:   endpointID,
	}
}

// ---- silent ----

// Run activates a paused or inactive endpoint: two requests racing past
// the check both write "active".
func (s *ActivateEndpointService) Run(ctx context.Context) (*endpointstore.Endpoint, error) {
	endpoint, err := s.EndpointRepo.FindEndpointByID(ctx, s.EndpointID, s.ProjectID)
	if err != nil {
		return nil, fmt.Errorf("failed to find endpoint: %w", err)
	}
	if endpoint.Status != endpointstore.InactiveEndpointStatus && endpoint.Status != endpointstore.PausedEndpointStatus {
		return nil, fmt.Errorf("current endpoint status - %s, does not support activation", endpoint.Status)
	}
	err = s.EndpointRepo.UpdateEndpointStatus(ctx, s.ProjectID, endpoint.UID, endpointstore.ActiveEndpointStatus) // ok: every racer writes "active"
	if err != nil {
		return nil, fmt.Errorf("failed to activate endpoint: %w", err)
	}
	return endpoint, nil
}

// RunAudited activates, then records the activation in the audit trail:
// two racers leave two records of one activation, nothing is done twice.
func (s *ActivateEndpointService) RunAudited(ctx context.Context) error {
	endpoint, err := s.EndpointRepo.FindEndpointByID(ctx, s.EndpointID, s.ProjectID)
	if err != nil {
		return err
	}
	if endpoint.Status != endpointstore.PausedEndpointStatus {
		return fmt.Errorf("endpoint is %s", endpoint.Status)
	}
	if err := s.EndpointRepo.UpdateEndpointStatus(ctx, s.ProjectID, endpoint.UID, endpointstore.ActiveEndpointStatus); err != nil { // ok: an audit row records the request
		return err
	}
	return s.AuditRepo.CreateAuditLog(ctx, endpoint.UID, "activated")
}

// ---- reported ----

// RunAndPing activates, then pings the endpoint: both racers send the
// ping.
func (s *ActivateEndpointService) RunAndPing(ctx context.Context) error {
	endpoint, err := s.EndpointRepo.FindEndpointByID(ctx, s.EndpointID, s.ProjectID)
	if err != nil {
		return err
	}
	if endpoint.Status != endpointstore.PausedEndpointStatus {
		return fmt.Errorf("endpoint is %s", endpoint.Status)
	}
	if err := s.EndpointRepo.UpdateEndpointStatus(ctx, s.ProjectID, endpoint.UID, endpointstore.ActiveEndpointStatus); err != nil { // want `check-then-update on endpoints\(status\)`
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint.URL, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Toggle sets the state the caller asks for.
func (s *ActivateEndpointService) Toggle(ctx context.Context, to endpointstore.EndpointStatus) error {
	endpoint, err := s.EndpointRepo.FindEndpointByID(ctx, s.EndpointID, s.ProjectID)
	if err != nil {
		return err
	}
	if endpoint.Status == endpointstore.InactiveEndpointStatus {
		return fmt.Errorf("endpoint is inactive")
	}
	return s.EndpointRepo.UpdateEndpointStatus(ctx, s.ProjectID, endpoint.UID, to) // want `check-then-update on endpoints\(status\)`
}
