package gormstore

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// Register looks the user up with First and creates it on
// ErrRecordNotFound.
func (s *Store) Register(ctx context.Context, email, name string) (*User, error) {
	var u User
	err := s.DB.WithContext(ctx).First(&u, "email = ?", email).Error
	if err == nil {
		return nil, domain.ErrEmailTaken
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, err
	}
	u = User{Email: email, Name: name}
	if err := s.DB.WithContext(ctx).Create(&u).Error; err != nil { // HAZARD(checkfindinsert)
		return nil, err
	}
	return &u, nil
}

// RegisterTx does the same inside db.Transaction; READ COMMITTED does not
// make it safe. If/else form.
func (s *Store) RegisterTx(ctx context.Context, email, name string) (*User, error) {
	var u User
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var existing User
		if err := tx.Where("email = ?", email).First(&existing).Error; errors.Is(err, gorm.ErrRecordNotFound) {
			u = User{Email: email, Name: name}
			return tx.Create(&u).Error // HAZARD(checkfindinsert)
		} else if err != nil {
			return err
		}
		return domain.ErrEmailTaken
	})
	if err != nil {
		return nil, err
	}
	return &u, nil
}

// RegisterTranslated keeps the lookup but relies on the unique index:
// with TranslateError the violation is gorm.ErrDuplicatedKey.
func (s *Store) RegisterTranslated(ctx context.Context, email, name string) (*User, error) {
	var u User
	err := s.DB.WithContext(ctx).Where("email = ?", email).First(&u).Error
	if err == nil {
		return nil, domain.ErrEmailTaken
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, err
	}
	u = User{Email: email, Name: name}
	err = s.DB.WithContext(ctx).Create(&u).Error // SAFE(checkfindinsert): gorm.ErrDuplicatedKey handled below
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return nil, domain.ErrEmailTaken
	}
	if err != nil {
		return nil, err
	}
	return &u, nil
}

// RenameByEmail finds the user and updates it; it never inserts.
func (s *Store) RenameByEmail(ctx context.Context, email, name string) error {
	var u User
	if err := s.DB.WithContext(ctx).Where("email = ?", email).First(&u).Error; err != nil {
		return err
	}
	return s.DB.WithContext(ctx).Model(&u).Update("name", name).Error // SAFE(checkfindinsert): check then UPDATE
}
