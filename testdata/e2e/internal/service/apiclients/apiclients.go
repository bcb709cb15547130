// Package apiclients edits integration credentials through the gorm store.
package apiclients

import (
	"context"

	"github.com/idemvet/idemvet/testdata/e2e/internal/store/gormstore"
)

type Service struct{ Store *gormstore.Store }

// Rename saves the whole row it loaded: a secret rotated or a call
// authenticated between the read and the save is reverted.
func (s *Service) Rename(ctx context.Context, id int64, name string) error {
	c, err := s.Store.APIClient(ctx, id)
	if err != nil {
		return err
	}
	c.Name = name
	return s.Store.SaveAPIClient(ctx, c) // HAZARD(noversion)
}

// RenameNarrow writes only the column it changes.
func (s *Service) RenameNarrow(ctx context.Context, id int64, name string) error {
	if _, err := s.Store.APIClient(ctx, id); err != nil {
		return err
	}
	return s.Store.RenameAPIClient(ctx, id, name) // SAFE(noversion): only name is written
}

// Create saves a row built here.
func (s *Service) Create(ctx context.Context, owner int64, name, secret string) error {
	return s.Store.SaveAPIClient(ctx, &gormstore.APIClient{OwnerID: owner, Name: name, Secret: secret}) // SAFE(noversion): nothing read
}
