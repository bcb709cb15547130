package gormfirst

import (
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type User struct {
	gorm.Model
	Email string `gorm:"uniqueIndex"`
	Name  string
}

type Follow struct {
	ID         uint
	FollowerID uint
	FolloweeID uint
}

var ErrTaken = errors.New("taken")

func Register(db *gorm.DB, email, name string) error {
	var u User
	err := db.Where("email = ?", email).First(&u).Error
	if err == nil {
		return ErrTaken
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return err
	}
	return db.Create(&User{Email: email, Name: name}).Error // want `check-then-insert on users\(email\)`
}

func FollowUser(db *gorm.DB, a, b uint) error {
	var n int64
	if err := db.Model(&Follow{}).Where("follower_id = ? AND followee_id = ?", a, b).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	f := Follow{FollowerID: a, FolloweeID: b}
	return db.Create(&f).Error // want `check-then-insert on follows\(follower_id, followee_id\)`
}

// Inline conditions and a struct condition.
func RegisterInline(db *gorm.DB, email string) error {
	var u User
	if err := db.First(&u, "email = ?", email).Error; errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&User{Email: email}).Error // want `check-then-insert on users\(email\)`
	}
	return nil
}

// Inside gorm's Transaction callback.
func RegisterTx(db *gorm.DB, email string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var u User
		if err := tx.Where(&User{Email: email}).Take(&u).Error; err == nil {
			return ErrTaken
		}
		return tx.Create(&User{Email: email}).Error // want `check-then-insert on users\(email\)`
	})
}

// ---- silent ----

func RegisterOnConflict(db *gorm.DB, email string) error {
	var u User
	if err := db.Where("email = ?", email).First(&u).Error; err == nil {
		return ErrTaken
	}
	return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&User{Email: email}).Error // ok: ON CONFLICT DO NOTHING
}

func RegisterDuplicatedKey(db *gorm.DB, email string) error {
	var u User
	if err := db.Where("email = ?", email).First(&u).Error; err == nil {
		return ErrTaken
	}
	err := db.Create(&User{Email: email}).Error // ok: ErrDuplicatedKey handled
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return ErrTaken
	}
	return err
}

// Found: update instead of insert.
func Rename(db *gorm.DB, email, name string) error {
	var u User
	if err := db.Where("email = ?", email).First(&u).Error; err != nil {
		return err
	}
	return db.Model(&u).Update("name", name).Error // ok: an update of the found row
}

// The model is created after a lookup of a different table.
func Welcome(db *gorm.DB, email string) error {
	var f Follow
	if err := db.Where("follower_id = ?", 1).First(&f).Error; errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&User{Email: email}).Error // ok: looked up follows
	}
	return nil
}

// FirstOrCreate is a lookup and an insert in one call, with no
// arbitration between them.
func Ensure(db *gorm.DB, email string) (*User, error) {
	var u User
	err := db.Where(User{Email: email}).FirstOrCreate(&u).Error // want `check-then-insert inside gorm FirstOrCreate on users\(email\)`
	return &u, err
}

func EnsureHandled(db *gorm.DB, email string) (*User, error) {
	var u User
	err := db.Where(User{Email: email}).FirstOrCreate(&u).Error // ok: the duplicate is handled
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		err = db.Where(User{Email: email}).First(&u).Error
	}
	return &u, err
}

// A lookup helper that answers whether exactly one row matched: the
// count compared with 1 is its found signal.
func emailTaken(db *gorm.DB, email string) bool {
	return db.Where("email = ?", email).Find(&User{}).RowsAffected == 1
}

func RegisterTaken(db *gorm.DB, email string) error {
	if emailTaken(db, email) {
		return ErrTaken
	}
	return db.Create(&User{Email: email}).Error // want `check-then-insert on users\(email\)`
}

func RegisterUntaken(db *gorm.DB, email string) error {
	if db.Where("email = ?", email).Find(&User{}).RowsAffected != 1 {
		return db.Create(&User{Email: email}).Error // want `check-then-insert on users\(email\)`
	}
	return nil
}

func RegisterTakenOnConflict(db *gorm.DB, email string) error {
	if emailTaken(db, email) {
		return ErrTaken
	}
	return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&User{Email: email}).Error // ok: a concurrent duplicate is skipped
}
