package gormstore

import (
	"context"

	"gorm.io/gorm"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// SaveFromForm builds the model from the submitted form and Saves it: gorm
// writes every column WHERE id = ?, never testing Version.
func (s *Store) SaveFromForm(ctx context.Context, id int64, title, body string, version int) error {
	doc := Document{ID: id, Title: title, Body: body, Version: version}
	return s.DB.WithContext(ctx).Save(&doc).Error // HAZARD(noversion)
}

// Retitle updates one column of a versioned row without the version.
func (s *Store) Retitle(ctx context.Context, id int64, title string) error {
	return s.DB.WithContext(ctx).Model(&Document{}).Where("id = ?", id).Update("title", title).Error // HAZARD(noversion)
}

// SaveVersioned tests the loaded version, bumps it and checks that exactly
// one row changed.
func (s *Store) SaveVersioned(ctx context.Context, id int64, title, body string, version int) error {
	res := s.DB.WithContext(ctx).Model(&Document{}).Where("id = ? AND version = ?", id, version).Updates(map[string]any{"title": title, "body": body, "version": gorm.Expr("version + 1")}) // SAFE(noversion): version tested and bumped, RowsAffected checked
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return domain.ErrConflict
	}
	return nil
}

// CreateDocument inserts; a new row has nothing to conflict with.
func (s *Store) CreateDocument(ctx context.Context, ownerID int64, title string) (*Document, error) {
	doc := Document{OwnerID: ownerID, Title: title, Version: 1}
	if err := s.DB.WithContext(ctx).Create(&doc).Error; err != nil { // SAFE(noversion): an insert
		return nil, err
	}
	return &doc, nil
}
