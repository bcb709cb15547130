// Package gormrecovery spends two-factor recovery codes: the lookup finds
// an unused code, and an update marks the code used by its id alone.
package gormrecovery

import (
	"context"
	"errors"

	"gorm.io/gorm"
)

type RecoveryCode struct {
	ID     int64 `gorm:"primaryKey"`
	UserID int64 `gorm:"index"`
	Code   string
	IsUsed bool
}

type Store struct{ db *gorm.DB }

var ErrNotFound = errors.New("recovery code not found")

// Use: two logins with one code both find it unused, both mark it, and
// both are let in.
func (s *Store) Use(ctx context.Context, userID int64, code string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var rc RecoveryCode
		err := tx.Where("user_id = ? AND code = ? AND is_used = ?", userID, code, false).First(&rc).Error
		if err != nil {
			if err == gorm.ErrRecordNotFound {
				return ErrNotFound
			}
			return err
		}
		return tx.Model(&rc).Update("is_used", true).Error // want `check-then-update on recovery_codes\(is_used\): the row found at gormrecovery.go:\d+ with is_used = false is marked by an UPDATE whose WHERE does not re-state it`
	})
}

// ---- silent ----

// UseOnce re-states the condition and tests the count.
func (s *Store) UseOnce(ctx context.Context, userID int64, code string) error {
	res := s.db.WithContext(ctx).Model(&RecoveryCode{}).Where("user_id = ? AND code = ? AND is_used = ?", userID, code, false).Update("is_used", true) // ok: a compare-and-set, count tested
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// UseChecked re-states it on the update of the row found.
func (s *Store) UseChecked(ctx context.Context, userID int64, code string) error {
	var rc RecoveryCode
	if err := s.db.WithContext(ctx).Where("user_id = ? AND code = ? AND is_used = ?", userID, code, false).First(&rc).Error; err != nil {
		return ErrNotFound
	}
	res := s.db.WithContext(ctx).Model(&rc).Where("is_used = ?", false).Update("is_used", true) // ok: the WHERE re-states it and the count is tested
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// Touch sets a column the lookup did not filter on.
func (s *Store) Touch(ctx context.Context, userID int64, code string) error {
	var rc RecoveryCode
	if err := s.db.WithContext(ctx).Where("user_id = ? AND code = ?", userID, code).First(&rc).Error; err != nil {
		return ErrNotFound
	}
	return s.db.WithContext(ctx).Model(&rc).Update("code", code).Error // ok: nothing the lookup required is changed
}

// Mark goes through a helper that may check again under a lock.
func (s *Store) Mark(ctx context.Context, userID int64, code string) error {
	var rc RecoveryCode
	if err := s.db.WithContext(ctx).Where("user_id = ? AND code = ? AND is_used = ?", userID, code, false).First(&rc).Error; err != nil {
		return ErrNotFound
	}
	return s.markUsed(ctx, &rc) // ok: the helper's write
}

func (s *Store) markUsed(ctx context.Context, rc *RecoveryCode) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var cur RecoveryCode
		if err := tx.Set("gorm:query_option", "FOR UPDATE").Where("id = ?", rc.ID).First(&cur).Error; err != nil {
			return err
		}
		if cur.IsUsed {
			return ErrNotFound
		}
		return tx.Model(&cur).Update("is_used", true).Error
	})
}

// Retire marks a code found, and nothing waits on it: a missing code is
// no failure.
func (s *Store) Retire(ctx context.Context, userID int64, code string) error {
	var rc RecoveryCode
	if err := s.db.WithContext(ctx).Where("user_id = ? AND code = ? AND is_used = ?", userID, code, false).First(&rc).Error; err != nil {
		return nil
	}
	return s.db.WithContext(ctx).Model(&rc).Update("is_used", true).Error // ok: not found is fine, nothing is granted
}
