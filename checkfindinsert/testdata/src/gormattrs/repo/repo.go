// Package repo is a gorm repository whose finder takes a condition struct
// by value (gorm matches its non-zero fields) and whose insert takes the
// model the caller built, its string key included.
package repo

import "gorm.io/gorm"

type User struct {
	ID     string `gorm:"primary_key"`
	ApiKey string `gorm:"unique"`
	Email  string
	Admin  bool
}

type Users struct{ db *gorm.DB }

func (r *Users) FindOne(attrs User) (*User, error) {
	u := &User{}
	if err := r.db.Where(&attrs).First(u).Error; err != nil {
		return u, err
	}
	return u, nil
}

func (r *Users) Insert(u *User) error {
	return r.db.Create(u).Error
}

// ByID looks a user up by its key alone.
func (r *Users) ByID(id string) (*User, error) {
	return r.FindOne(User{ID: id})
}

// ByEmail looks a user up by e-mail alone.
func (r *Users) ByEmail(email string) (*User, error) {
	return r.FindOne(User{Email: email})
}
