// Package gormrepo keeps last-read positions with gorm.
package gormrepo

import (
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Position struct {
	ID     uint
	UserID uint `gorm:"uniqueIndex:idx_user_book"`
	BookID uint `gorm:"uniqueIndex:idx_user_book"`
	Page   int
}

type Repo struct{ db *gorm.DB }

// Save moves the position and creates it on the first read.
func (r *Repo) Save(user, book uint, page int) error {
	res := r.db.Model(&Position{}).Where("user_id = ? AND book_id = ?", user, book).Update("page", page)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return r.db.Create(&Position{UserID: user, BookID: book, Page: page}).Error // want `update-then-insert on positions\(user_id, book_id\): when the UPDATE at gormrepo.go:\d+ matches no row, concurrent requests both insert and the model's unique index on positions\(user_id, book_id\) fails the loser`
	}
	return nil
}

// ---- silent ----

// SaveUpsert is the fix.
func (r *Repo) SaveUpsert(user, book uint, page int) error {
	return r.db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "user_id"}, {Name: "book_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"page"}),
	}).Create(&Position{UserID: user, BookID: book, Page: page}).Error // ok: one upsert
}

// SaveRetry handles the loser's duplicate key.
func (r *Repo) SaveRetry(user, book uint, page int) error {
	res := r.db.Model(&Position{}).Where("user_id = ? AND book_id = ?", user, book).Update("page", page)
	if res.Error != nil || res.RowsAffected > 0 {
		return res.Error
	}
	err := r.db.Create(&Position{UserID: user, BookID: book, Page: page}).Error // ok: the duplicate is handled
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return r.db.Model(&Position{}).Where("user_id = ? AND book_id = ?", user, book).Update("page", page).Error
	}
	return err
}
