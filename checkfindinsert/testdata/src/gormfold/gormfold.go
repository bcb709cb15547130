// Package gormfold keeps user names unique by their lower-case spelling:
// the check and the insert each fold the name with strings.ToLower, in
// two calls.
package gormfold

import (
	"context"
	"errors"
	"strings"

	"gorm.io/gorm"
)

type User struct {
	ID        int64  `gorm:"primaryKey"`
	LowerName string `gorm:"unique;not null"`
	Name      string `gorm:"not null"`
	Email     string
}

type Store struct{ db *gorm.DB }

var ErrNameTaken = errors.New("name taken")

// IsNameUsed reports whether another user has the name, in any case.
func (s *Store) IsNameUsed(ctx context.Context, name string, except int64) bool {
	return s.db.WithContext(ctx).Select("id").Where("lower_name = ? AND id != ?", strings.ToLower(name), except).First(&User{}).Error != gorm.ErrRecordNotFound
}

// Create: two sign-ups of one name both pass the check; the unique index
// fails the second.
func (s *Store) Create(ctx context.Context, name, email string) (*User, error) {
	if s.IsNameUsed(ctx, name, 0) {
		return nil, ErrNameTaken
	}
	u := &User{LowerName: strings.ToLower(name), Name: name, Email: strings.ToLower(email)}
	return u, s.db.WithContext(ctx).Create(u).Error // want `check-then-insert on users\(lower_name\): the model's unique index on users\(lower_name\) rejects a concurrent duplicate`
}

// ---- silent ----

// CreateAlias checks the user's own name and inserts the alias: another
// key.
func (s *Store) CreateAlias(ctx context.Context, name, alias string) error {
	if !s.IsNameUsed(ctx, name, 0) {
		return errors.New("no such user")
	}
	return s.db.WithContext(ctx).Create(&User{LowerName: strings.ToLower(alias), Name: alias}).Error // ok: the lookup was of name, the insert is of alias
}

// Rename checks, then updates: no insert.
func (s *Store) Rename(ctx context.Context, id int64, name string) error {
	if s.IsNameUsed(ctx, name, id) {
		return ErrNameTaken
	}
	return s.db.WithContext(ctx).Model(&User{}).Where("id = ?", id).Updates(map[string]any{"name": name, "lower_name": strings.ToLower(name)}).Error // ok: an update
}
