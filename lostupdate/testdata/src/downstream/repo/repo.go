// Package repo implements service.ProjectRepo with database/sql. It
// imports the service package for the interface it returns.
package repo

import (
	"context"
	"database/sql"

	"downstream/service"
)

type projects struct {
	db *sql.DB
}

func New(db *sql.DB) service.ProjectRepo { return &projects{db: db} }

func (r *projects) GetProjectByID(ctx context.Context, id int64) (*service.Project, error) {
	p := &service.Project{}
	err := r.db.QueryRowContext(ctx, "SELECT id, name, labels, stars FROM projects WHERE id = $1", id).Scan(&p.ID, &p.Name, &p.Labels, &p.Stars)
	return p, err
}

func (r *projects) GetProjectByName(ctx context.Context, name string) (*service.Project, bool, error) {
	p := &service.Project{}
	err := r.db.QueryRowContext(ctx, "SELECT id, name, labels, stars FROM projects WHERE name = $1", name).Scan(&p.ID, &p.Name, &p.Labels, &p.Stars)
	if err == sql.ErrNoRows {
		return nil, false, nil
	}
	return p, err == nil, err
}

func (r *projects) GetProjectBySlug(ctx context.Context, slug string) (service.Project, error) {
	var p service.Project
	err := r.db.QueryRowContext(ctx, "SELECT id, name, labels, stars FROM projects WHERE slug = $1", slug).Scan(&p.ID, &p.Name, &p.Labels, &p.Stars)
	return p, err
}

func (r *projects) UpdateProject(ctx context.Context, p *service.Project) error {
	_, err := r.db.ExecContext(ctx, "UPDATE projects SET name = $1, labels = $2, stars = $3 WHERE id = $4", p.Name, p.Labels, p.Stars, p.ID)
	return err
}

func (r *projects) UpdateProjectStarsByID(ctx context.Context, id int64, stars int) error {
	_, err := r.db.ExecContext(ctx, "UPDATE projects SET stars = $1 WHERE id = $2", stars, id)
	return err
}

func (r *projects) UpdateProjectLabel(ctx context.Context, id int64, key, value string) error {
	_, err := r.db.ExecContext(ctx, "UPDATE projects SET labels = jsonb_set(labels, ARRAY[$2], to_jsonb($3::text)) WHERE id = $1", id, key, value)
	return err
}
