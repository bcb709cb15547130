package gormstore

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// APIClient is a credential of an integration: its owner renames it from
// the dashboard, authentication stamps LastUsedAt on every call, the
// security page rotates Secret.
type APIClient struct {
	ID         int64 `gorm:"primaryKey"`
	OwnerID    int64
	Name       string
	Secret     string
	LastUsedAt *time.Time
	Disabled   bool
}

func (s *Store) APIClient(ctx context.Context, id int64) (*APIClient, error) {
	var c APIClient
	if err := s.DB.WithContext(ctx).First(&c, id).Error; err != nil {
		return nil, err
	}
	return &c, nil
}

// SaveAPIClient writes every column of c.
func (s *Store) SaveAPIClient(ctx context.Context, c *APIClient) error {
	return s.DB.WithContext(ctx).Save(c).Error
}

func (s *Store) TouchAPIClient(ctx context.Context, id int64, at time.Time) error {
	return s.DB.WithContext(ctx).Model(&APIClient{}).Where("id = ?", id).Update("last_used_at", at).Error
}

func (s *Store) RotateAPIClientSecret(ctx context.Context, id int64, secret string) error {
	return s.DB.WithContext(ctx).Model(&APIClient{ID: id}).Update("secret", secret).Error
}

func (s *Store) RenameAPIClient(ctx context.Context, id int64, name string) error {
	return s.DB.WithContext(ctx).Model(&APIClient{ID: id}).Update("name", name).Error
}

// RenameAPIClientLocked holds the row from the read to the write.
func (s *Store) RenameAPIClientLocked(ctx context.Context, id int64, name string) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var c APIClient
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&c, id).Error; err != nil {
			return err
		}
		c.Name = name
		return tx.Save(&c).Error // SAFE(noversion): FOR UPDATE holds the row until commit
	})
}
