package gormstore

import (
	"context"

	"gorm.io/gorm"
)

// CountViewSave loads the post, increments in Go and saves the struct.
func (s *Store) CountViewSave(ctx context.Context, id int64) error {
	var p Post
	if err := s.DB.WithContext(ctx).First(&p, id).Error; err != nil {
		return err
	}
	p.ViewCount++
	return s.DB.WithContext(ctx).Save(&p).Error // HAZARD(lostupdate)
}

// CountViewUpdate writes the Go-computed value with Update.
func (s *Store) CountViewUpdate(ctx context.Context, id int64) error {
	var p Post
	if err := s.DB.WithContext(ctx).First(&p, id).Error; err != nil {
		return err
	}
	return s.DB.WithContext(ctx).Model(&p).Update("view_count", p.ViewCount+1).Error // HAZARD(lostupdate)
}

// CountViewExpr lets the database increment.
func (s *Store) CountViewExpr(ctx context.Context, id int64) error {
	var p Post
	if err := s.DB.WithContext(ctx).Select("id").First(&p, id).Error; err != nil {
		return err
	}
	return s.DB.WithContext(ctx).Model(&p).Update("view_count", gorm.Expr("view_count + ?", 1)).Error // SAFE(lostupdate): gorm.Expr("view_count + ?")
}
