// Package service keeps a project's labels and stars behind a repository
// interface that the storage package implements: the storage package
// imports this one (to return a ProjectRepo), so this package never sees
// the implementation, and the accesses are inferred from the method names.
package service

import (
	"context"
	"database/sql"
	"encoding/json"

	"downstream/txn"
)

type Project struct {
	ID     int64
	Name   string
	Labels string // a JSON object
	Stars  int
}

type ProjectRepo interface {
	GetProjectByID(ctx context.Context, id int64) (*Project, error)
	GetProjectByName(ctx context.Context, name string) (*Project, bool, error)
	GetProjectBySlug(ctx context.Context, slug string) (Project, error)
	UpdateProject(ctx context.Context, p *Project) error
	UpdateProjectStarsByID(ctx context.Context, id int64, stars int) error
	UpdateProjectLabel(ctx context.Context, id int64, key, value string) error
}

type Service struct {
	db   *sql.DB
	repo ProjectRepo
}

func New(db *sql.DB, repo ProjectRepo) *Service { return &Service{db: db, repo: repo} }

// SetLabel decodes the labels, sets one and saves the project whole: a
// concurrent SetLabel of another key is lost.
func (s *Service) SetLabel(ctx context.Context, id int64, key, value string) error {
	p, err := s.repo.GetProjectByID(ctx, id)
	if err != nil {
		return err
	}
	labels := map[string]string{}
	if err := json.Unmarshal([]byte(p.Labels), &labels); err != nil {
		return err
	}
	labels[key] = value
	b, err := json.Marshal(labels)
	if err != nil {
		return err
	}
	p.Labels = string(b)
	return s.repo.UpdateProject(ctx, p) // want `lost update on projects\.labels: the value read at service\.go:\d+ \(by service\.ProjectRepo\.GetProjectByID\) is recomputed in Go and written back; .* \(the accesses of service\.ProjectRepo\.GetProjectByID and service\.ProjectRepo\.UpdateProject are inferred from their names: their implementations are not in view\)`
}

// Star writes back the count it read, plus one.
func (s *Service) Star(ctx context.Context, id int64) error {
	p, err := s.repo.GetProjectByID(ctx, id)
	if err != nil {
		return err
	}
	return s.repo.UpdateProjectStarsByID(ctx, id, p.Stars+1) // want `lost update on projects\.stars: .*update atomically with SET stars = stars \+ \$n`
}

// StarBySlug reads the project by value: the fields of the Project
// returned are the columns read.
func (s *Service) StarBySlug(ctx context.Context, slug string) error {
	p, err := s.repo.GetProjectBySlug(ctx, slug)
	if err != nil {
		return err
	}
	return s.repo.UpdateProjectStarsByID(ctx, p.ID, p.Stars+1) // want `lost update on projects\.stars: the value read at service\.go:\d+ \(by service\.ProjectRepo\.GetProjectBySlug\)`
}

// RemoveLabel goes through the service's own helpers, as layered services
// do: the read and the write are each one call further down.
func (s *Service) RemoveLabel(ctx context.Context, id int64, key string) error {
	p, err := s.project(ctx, id)
	if err != nil {
		return err
	}
	labels := map[string]string{}
	_ = json.Unmarshal([]byte(p.Labels), &labels)
	delete(labels, key)
	b, _ := json.Marshal(labels)
	return s.saveLabels(ctx, p.ID, string(b)) // want `lost update on projects\.labels`
}

func (s *Service) project(ctx context.Context, id int64) (*Project, error) {
	return s.repo.GetProjectByID(ctx, id)
}

func (s *Service) saveLabels(ctx context.Context, id int64, labels string) error {
	return s.repo.UpdateProject(ctx, &Project{ID: id, Labels: labels})
}

// Rename writes the request's name; the other columns go back as read,
// which is no recomputed value (and the write's columns are a guess).
func (s *Service) Rename(ctx context.Context, id int64, name string) error {
	p, err := s.repo.GetProjectByID(ctx, id)
	if err != nil {
		return err
	}
	p.Name = name
	return s.repo.UpdateProject(ctx, p)
}

// SetLabelInStore leaves the merge to one statement of the repository:
// nothing is read here.
func (s *Service) SetLabelInStore(ctx context.Context, id int64, key, value string) error {
	return s.repo.UpdateProjectLabel(ctx, id, key, value)
}

// CopyStars reads one project and writes another's count: a different
// row, no read-modify-write of either.
func (s *Service) CopyStars(ctx context.Context, from string, to int64) error {
	p, ok, err := s.repo.GetProjectByName(ctx, from)
	if err != nil || !ok {
		return err
	}
	return s.repo.UpdateProjectStarsByID(ctx, to, p.Stars)
}

// StarInTx reads and writes in one transaction the context carries: the
// implementation's lookup may lock the row (FOR UPDATE), out of view, so
// nothing is said.
func (s *Service) StarInTx(ctx context.Context, id int64) error {
	return txn.InTx(ctx, s.db, func(ctx context.Context) error {
		p, err := s.repo.GetProjectByID(ctx, id)
		if err != nil {
			return err
		}
		return s.repo.UpdateProjectStarsByID(ctx, id, p.Stars+1)
	})
}
