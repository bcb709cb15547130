// Package gormv1singular sets gorm v1's singular table names at start-up.
package gormv1singular

import (
	"errors"

	"github.com/jinzhu/gorm"
)

var db *gorm.DB

func Init(d *gorm.DB) {
	d.SingularTable(true)
	db = d
}

type Coupon struct {
	gorm.Model
	Code string
}

var ErrTaken = errors.New("taken")

func Issue(code string) error {
	var c Coupon
	if !db.Where("code = ?", code).First(&c).RecordNotFound() {
		return ErrTaken
	}
	return db.Create(&Coupon{Code: code}).Error // want `check-then-insert on coupon\(code\)`
}

// ---- silent ----

func Reissue(code string) error {
	var c Coupon
	if !db.Where("code = ?", code).First(&c).RecordNotFound() {
		return db.Model(&c).Update("code", code+"-2").Error // ok: no insert
	}
	return nil
}
