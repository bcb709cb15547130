// Package svc registers API clients by name.
package svc

import (
	"context"
	"database/sql"
	"errors"

	"namedres/repo"
)

type Service struct{ repo *repo.Repo }

// Register creates the client when the name is free: two requests for one
// name both find none and both insert.
func (s *Service) Register(ctx context.Context, name, secret string) error {
	_, err := s.repo.ByName(ctx, name)
	if err == nil {
		return errors.New("name taken")
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	return s.repo.Insert(ctx, &repo.Client{Name: name, Secret: secret}) // want `check-then-insert on clients\(name\)`
}

// ---- silent ----

// Rotate looks the client up and inserts a client of another name.
func (s *Service) Rotate(ctx context.Context, name, secret string) error {
	c, err := s.repo.ByName(ctx, name)
	if err != nil {
		return err
	}
	return s.repo.Insert(ctx, &repo.Client{Name: c.Name + "-next", Secret: secret}) // ok: runs when the row was found
}
