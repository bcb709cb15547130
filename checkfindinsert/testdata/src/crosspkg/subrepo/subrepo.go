// Package subrepo stores webhook subscriptions; nullable ids go through a
// conversion to the driver's type.
package subrepo

import (
	"context"
	"database/sql"
)

type Endpoint struct {
	UID       string
	ProjectID string
}

type Subscription struct {
	UID        string
	ProjectID  string
	EndpointID string
}

type Repo struct{ db *sql.DB }

func text(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

func (r *Repo) Endpoint(ctx context.Context, id string) (Endpoint, error) {
	var e Endpoint
	err := r.db.QueryRowContext(ctx, "SELECT id, project_id FROM endpoints WHERE id = $1", id).Scan(&e.UID, &e.ProjectID)
	return e, err
}

func (r *Repo) CountForEndpoint(ctx context.Context, project, endpoint string) (int64, error) {
	var n int64
	err := r.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM subscriptions WHERE project_id = $1 AND endpoint_id = $2", project, text(endpoint)).Scan(&n)
	return n, err
}

func (r *Repo) Create(ctx context.Context, s *Subscription) error {
	_, err := r.db.ExecContext(ctx, "INSERT INTO subscriptions (id, project_id, endpoint_id) VALUES ($1, $2, $3)", s.UID, s.ProjectID, text(s.EndpointID))
	return err
}
