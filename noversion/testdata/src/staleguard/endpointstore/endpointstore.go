// Package endpointstore declares a webhook service's endpoints and the
// repository interface its services use.
package endpointstore

import "context"

type EndpointStatus string

const (
	ActiveEndpointStatus   EndpointStatus = "active"
	InactiveEndpointStatus EndpointStatus = "inactive"
	PausedEndpointStatus   EndpointStatus = "paused"
)

type Endpoint struct {
	UID     string         `db:"id"`
	Status  EndpointStatus `db:"status"`
	URL     string         `db:"url"`
	OwnerID string         `db:"owner_id"`
}

type EndpointRepository interface {
	FindEndpointByID(ctx context.Context, id, projectID string) (*Endpoint, error)
	UpdateEndpointStatus(ctx context.Context, projectID, endpointID string, status EndpointStatus) error
}

type AuditRepository interface {
	CreateAuditLog(ctx context.Context, endpointID, action string) error
}
