// Package model keeps the accounts of a gateway in one gorm table; a
// sign-up through an identity provider stores the provider's login.
package model

import (
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

var DB *gorm.DB

type Account struct {
	ID       int    `gorm:"primaryKey"`
	Login    string `gorm:"unique"`
	Forge    string `gorm:"column:forge_login;index"`
	Display  string
	Credits  int
	APIToken string
}

var StartCredits = 100

func newToken() string { return "t" }

// ForgeLoginTaken reports whether an account was made for the forge login.
func ForgeLoginTaken(login string) bool {
	return DB.Where("forge_login = ?", login).Find(&Account{}).RowsAffected == 1
}

func findAccount(query string, args ...any) (*Account, error) {
	var a Account
	if err := DB.Where(query, args...).First(&a).Error; err != nil {
		return nil, err
	}
	return &a, nil
}

// ByDisplay finds the account shown under a name.
func ByDisplay(name string) (*Account, error) {
	return findAccount("display = ?", name)
}

// LoginTaken reports whether the login is in use.
func LoginTaken(login string) bool {
	return DB.Where("login = ?", login).Find(&Account{}).RowsAffected == 1
}

// Create stores the account the caller filled in, with the fields every
// new account gets.
func (a *Account) Create() error {
	a.Credits = StartCredits
	a.APIToken = newToken()
	return DB.Create(a).Error
}

// CreateOnce stores the account unless its forge login is stored already.
func (a *Account) CreateOnce() (bool, error) {
	a.Credits = StartCredits
	res := DB.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "forge_login"}}, DoNothing: true}).Create(a)
	return res.RowsAffected == 1, res.Error
}
