// Package projrepo reads projects the way convoy's projects service does:
// the generated row is turned into the domain type by a helper taking any
// of the row types, so the model does not see which field holds which
// column; the domain type's db tags say it.
package projrepo

import (
	"context"
	"database/sql"
	"errors"
)

type Project struct {
	UID  string `db:"id"`
	Name string `db:"name"`
}

type row struct{ ID, Name string }

type Repo struct{ db *sql.DB }

func (r *Repo) FetchProjectByID(ctx context.Context, id string) (*Project, error) {
	var rw row
	if err := r.db.QueryRowContext(ctx, "SELECT id, name FROM projects WHERE id = $1", id).Scan(&rw.ID, &rw.Name); err != nil {
		return nil, err
	}
	return toProject(rw)
}

func (r *Repo) FetchProjectByName(ctx context.Context, name string) (*Project, error) {
	var rw row
	if err := r.db.QueryRowContext(ctx, "SELECT id, name FROM projects WHERE name = $1", name).Scan(&rw.ID, &rw.Name); err != nil {
		return nil, err
	}
	return toProject(rw)
}

func toProject(v interface{}) (*Project, error) {
	switch rw := v.(type) {
	case row:
		return &Project{UID: rw.ID, Name: rw.Name}, nil
	}
	return nil, errors.New("unknown row type")
}
