package gormstore

import (
	"context"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// EditArticle relies on the optimisticlock plugin to add
// "WHERE version = <loaded>" and bump it, and checks the outcome.
func (s *Store) EditArticle(ctx context.Context, id int64, title string) error {
	var a Article
	if err := s.DB.WithContext(ctx).First(&a, id).Error; err != nil {
		return err
	}
	res := s.DB.WithContext(ctx).Model(&a).Update("title", title) // SAFE(noversion): optimisticlock.Version tests and bumps, RowsAffected checked
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return domain.ErrConflict
	}
	return nil
}

// EditArticleBlind has the plugin's version predicate but ignores the
// outcome: a conflicting edit is silently dropped and reported as saved.
func (s *Store) EditArticleBlind(ctx context.Context, id int64, body string) error {
	var a Article
	if err := s.DB.WithContext(ctx).First(&a, id).Error; err != nil {
		return err
	}
	return s.DB.WithContext(ctx).Model(&a).Update("body", body).Error // HAZARD(noversion)
}
