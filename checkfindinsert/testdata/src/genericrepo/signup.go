package genericrepo

import (
	"errors"

	"gorm.io/gorm"
)

var errTaken = errors.New("email taken")

type User struct {
	ID    uint
	Email string
}

type Invitation struct {
	ID    uint
	Email string
}

// byEmail looks a row of its type argument's table up by email.
func byEmail[T any](db *gorm.DB, email string) (*T, error) {
	var row T
	if err := db.Where("email = ?", email).First(&row).Error; err != nil {
		return nil, err
	}
	return &row, nil
}

func Signup(db *gorm.DB, email string) error {
	_, err := byEmail[User](db, email)
	if err == nil {
		return errTaken
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return err
	}
	return db.Create(&User{Email: email}).Error // want `check-then-insert on users\(email\)`
}

// ---- silent ----

func Accept(db *gorm.DB, email string) error {
	_, err := byEmail[Invitation](db, email)
	if err != nil {
		return err // only invited addresses sign up
	}
	return db.Create(&User{Email: email}).Error // ok: the lookup reads invitations, not users
}
