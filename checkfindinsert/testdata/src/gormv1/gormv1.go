package gormv1

import (
	"errors"

	"github.com/jinzhu/gorm"
)

type User struct {
	gorm.Model
	Email string `gorm:"unique_index"`
}

var ErrTaken = errors.New("taken")

// gorm v1's RecordNotFound() deciding the insert.
func Register(db *gorm.DB, email string) error {
	var u User
	if !db.Where("email = ?", email).First(&u).RecordNotFound() {
		return ErrTaken
	}
	return db.Create(&User{Email: email}).Error // want `check-then-insert on users\(email\)`
}

// gorm.IsRecordNotFoundError on the lookup's error.
func RegisterErr(db *gorm.DB, email string) error {
	var u User
	err := db.Where(&User{Email: email}).First(&u).Error
	if gorm.IsRecordNotFoundError(err) {
		return db.Create(&User{Email: email}).Error // want `check-then-insert on users\(email\)`
	}
	return err
}

// ---- silent ----

func RegisterOnConflict(db *gorm.DB, email string) error {
	var u User
	if !db.Where("email = ?", email).First(&u).RecordNotFound() {
		return ErrTaken
	}
	return db.Set("gorm:insert_option", "ON CONFLICT (email) DO NOTHING").Create(&User{Email: email}).Error // ok: ON CONFLICT DO NOTHING
}

// The lookup decides nothing about the insert: it reads another table.
func Audit(db *gorm.DB, email string) error {
	var u User
	if err := db.Where("email = ?", email).First(&u).Error; err != nil {
		return err
	}
	return db.Table("audit_log").Create(&User{Email: email}).Error // ok: another table
}
