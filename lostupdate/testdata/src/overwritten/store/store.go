// Package store is a gorm repository of accounts: finders take a
// condition struct, and Update writes the columns a form may change.
package store

import "gorm.io/gorm"

type Account struct {
	ID         string `gorm:"primary_key"`
	Email      string
	Password   string
	ResetToken string
	Logins     int
}

type Accounts struct{ db *gorm.DB }

func (r *Accounts) FindOne(attrs Account) (*Account, error) {
	a := &Account{}
	if err := r.db.Where(&attrs).First(a).Error; err != nil {
		return a, err
	}
	return a, nil
}

func (r *Accounts) ByResetToken(token string) (*Account, error) {
	return r.FindOne(Account{ResetToken: token})
}

func (r *Accounts) Update(a *Account) error {
	return r.db.Model(a).Updates(map[string]interface{}{
		"email":       a.Email,
		"password":    a.Password,
		"reset_token": a.ResetToken,
		"logins":      a.Logins,
	}).Error
}
