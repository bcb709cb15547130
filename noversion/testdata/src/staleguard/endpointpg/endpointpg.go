// Package endpointpg implements endpointstore's repositories with sqlx.
package endpointpg

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"

	"staleguard/endpointstore"
)

var ErrEndpointNotFound = errors.New("endpoint not found")

const (
	fetchEndpointByID = `
	SELECT id, status, url, owner_id FROM endpoints
	WHERE id = $1 AND project_id = $2 AND deleted_at IS NULL`

	updateEndpointStatus = `
	UPDATE endpoints SET status = $3
	WHERE id = $1 AND project_id = $2 AND deleted_at IS NULL
	RETURNING id, status, url, owner_id`

	createAuditLog = `INSERT INTO audit_logs (endpoint_id, action) VALUES ($1, $2)`
)

type endpointRepo struct{ db *sqlx.DB }

func NewEndpointRepo(db *sqlx.DB) endpointstore.EndpointRepository { return &endpointRepo{db: db} }

func (e *endpointRepo) FindEndpointByID(ctx context.Context, id, projectID string) (*endpointstore.Endpoint, error) {
	endpoint := &endpointstore.Endpoint{}
	err := e.db.QueryRowxContext(ctx, fetchEndpointByID, id, projectID).StructScan(endpoint)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrEndpointNotFound
	}
	return endpoint, err
}

func (e *endpointRepo) UpdateEndpointStatus(ctx context.Context, projectID, endpointID string, status endpointstore.EndpointStatus) error {
	endpoint := endpointstore.Endpoint{}
	return e.db.QueryRowxContext(ctx, updateEndpointStatus, endpointID, projectID, status).StructScan(&endpoint)
}

type auditRepo struct{ db *sqlx.DB }

func NewAuditRepo(db *sqlx.DB) endpointstore.AuditRepository { return &auditRepo{db: db} }

func (a *auditRepo) CreateAuditLog(ctx context.Context, endpointID, action string) error {
	_, err := a.db.ExecContext(ctx, createAuditLog, endpointID, action)
	return err
}
