package gormver

import (
	"errors"

	"gorm.io/gorm"
	"gorm.io/plugin/optimisticlock"
)

type Document struct {
	ID      uint
	Title   string
	Body    string
	Version int
}

type Article struct {
	ID      uint
	Title   string
	Version optimisticlock.Version
}

type Ride struct {
	ID       uint
	Status   string
	DriverID uint
}

// Save writes the whole row with no version predicate.
func Publish(db *gorm.DB, id uint, title string) error {
	var d Document
	if err := db.First(&d, id).Error; err != nil {
		return err
	}
	d.Title = title
	return db.Save(&d).Error // want `gorm Save of documents without a version check`
}

// Updates of a versioned model without the version.
func Retitle(db *gorm.DB, id uint, title string) error {
	return db.Model(&Document{ID: id}).Update("title", title).Error // want `update of documents without a version check`
}

// optimisticlock adds the predicate, but the conflict is only visible in
// RowsAffected.
func RetitleArticle(db *gorm.DB, a *Article, title string) error {
	return db.Model(a).Update("title", title).Error // want `compare-and-set on articles.version ignores rows affected`
}

// A state guard in a gorm chain.
func Accept(db *gorm.DB, id, driver uint) error {
	return db.Model(&Ride{}).Where("id = ? AND status = ?", id, "searching").Updates(map[string]interface{}{"status": "accepted", "driver_id": driver}).Error // want `compare-and-set on rides.status ignores rows affected`
}

// ---- silent ----

func RetitleChecked(db *gorm.DB, a *Article, title string) error {
	res := db.Model(a).Update("title", title) // ok: optimisticlock, RowsAffected tested
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return errors.New("conflict")
	}
	return nil
}

func PublishVersioned(db *gorm.DB, d *Document, title string) error {
	res := db.Model(&Document{}).Where("id = ? AND version = ?", d.ID, d.Version).Updates(map[string]interface{}{"title": title, "version": gorm.Expr("version + 1")}) // ok: versioned and checked
	if res.RowsAffected == 0 {
		return errors.New("conflict")
	}
	return res.Error
}

func AcceptChecked(db *gorm.DB, id, driver uint) error {
	res := db.Model(&Ride{}).Where("id = ? AND status = ?", id, "searching").Update("status", "accepted") // ok: tested
	if res.RowsAffected != 1 {
		return errors.New("taken")
	}
	return res.Error
}
