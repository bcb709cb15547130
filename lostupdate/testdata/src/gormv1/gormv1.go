package gormv1

import (
	"github.com/jinzhu/gorm"
)

type Post struct {
	ID        uint `gorm:"primary_key"`
	ViewCount int
}

func View(db *gorm.DB, id uint) error {
	var p Post
	if err := db.First(&p, id).Error; err != nil {
		return err
	}
	return db.Model(&p).Update("view_count", p.ViewCount+1).Error // want `lost update on posts.view_count: .*gorm.Expr\("view_count \+ \?", n\), or read it with Set\("gorm:query_option", "FOR UPDATE"\)`
}

// ---- silent ----

func ViewAtomic(db *gorm.DB, id uint) error {
	return db.Model(&Post{ID: id}).Update("view_count", gorm.Expr("view_count + ?", 1)).Error // ok: atomic
}

func ViewLocked(db *gorm.DB, id uint) error {
	tx := db.Begin()
	var p Post
	if err := tx.Set("gorm:query_option", "FOR UPDATE").First(&p, id).Error; err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Model(&p).Update("view_count", p.ViewCount+1).Error; err != nil { // ok: the row is locked
		tx.Rollback()
		return err
	}
	return tx.Commit().Error
}
