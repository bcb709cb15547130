// Package gormquota: a quota checked in Go, then consumed with an atomic
// gorm.Expr whose WHERE does not re-check it.
package gormquota

import (
	"errors"

	"gorm.io/gorm"
)

var ErrQuota = errors.New("quota exhausted")

type User struct {
	ID     int
	Quota  int64
	Status int
}

func Consume(db *gorm.DB, id int, cost int64) error {
	var u User
	if err := db.First(&u, id).Error; err != nil {
		return err
	}
	if u.Quota < cost {
		return ErrQuota
	}
	return db.Model(&User{}).Where("id = ?", id).Update("quota", gorm.Expr("quota - ?", cost)).Error // want `check-then-update on users\(quota\): .*add Where\("quota >= \?"\) and treat RowsAffected == 0 as a conflict`
}

// ---- silent ----

func ConsumeGuarded(db *gorm.DB, id int, cost int64) error {
	var u User
	if err := db.First(&u, id).Error; err != nil {
		return err
	}
	if u.Quota < cost {
		return ErrQuota
	}
	res := db.Model(&User{}).Where("id = ? AND quota >= ?", id, cost).Update("quota", gorm.Expr("quota - ?", cost)) // ok: re-checked in the WHERE
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrQuota
	}
	return nil
}

// A check of a status the write does not touch.
func Refill(db *gorm.DB, id int, n int64) error {
	var u User
	if err := db.First(&u, id).Error; err != nil {
		return err
	}
	if u.Status != 1 {
		return errors.New("disabled")
	}
	return db.Model(&User{}).Where("id = ?", id).Update("quota", gorm.Expr("quota + ?", n)).Error // ok: status is not written
}

type Coupon struct {
	Code string `gorm:"primaryKey"`
	Used bool
}

type Redemption struct {
	ID   uint
	Code string
	User int
}

// A one-time coupon: both requests see it unused, both mark it and both
// redeem.
func Redeem(db *gorm.DB, code string, user int) error {
	var c Coupon
	if err := db.First(&c, "code = ?", code).Error; err != nil {
		return err
	}
	if c.Used {
		return errors.New("already used")
	}
	if err := db.Model(&c).Update("used", true).Error; err != nil { // want `check-then-update on coupons\(used\): .*add Where\("used = false"\)`
		return err
	}
	return db.Create(&Redemption{Code: code, User: user}).Error
}

type Profile struct {
	ID      int
	HasData bool
}

// A flag set once, nothing else done: racing writers write the same true.
func MarkHasData(db *gorm.DB, id int) error {
	var p Profile
	if err := db.First(&p, id).Error; err != nil {
		return err
	}
	if !p.HasData {
		return db.Model(&p).Update("has_data", true).Error // ok: idempotent, nothing follows
	}
	return nil
}
