// Package usermodel is a gorm v1 model package in the shape of a file
// hosting service's: a package-level handle, lookups returning the row by
// value, and setters as methods of the model.
package usermodel

import (
	"github.com/jinzhu/gorm"
)

// DB is the connection the package's functions use.
var DB *gorm.DB

// The states of an account.
const (
	Active = iota
	NotActivated
	Banned
)

type User struct {
	gorm.Model
	Email   string
	Status  int
	Storage uint64
	Group   uint
}

// GetUserByID loads a user with its preloads.
func GetUserByID(id interface{}) (User, error) {
	var user User
	result := DB.Set("gorm:auto_preload", true).First(&user, id)
	return user, result.Error
}

// SetStatus writes the account's state.
func (user *User) SetStatus(status int) {
	DB.Model(&user).Update("status", status)
}

// SetGroup moves the user to another group.
func (user *User) SetGroup(group uint) error {
	return DB.Model(user).Update("group", group).Error
}

// IncreaseStorage grants storage on top of what the user has.
func (user *User) IncreaseStorage(size uint64) error {
	return DB.Model(user).UpdateColumn("storage", gorm.Expr("storage + ?", size)).Error
}

// Redeem is a one-time gift code.
type Redeem struct {
	gorm.Model
	Code string
	Used bool
	Size uint64
}

// GetRedeem looks a code up.
func GetRedeem(code string) (Redeem, error) {
	var r Redeem
	err := DB.Where("code = ?", code).First(&r).Error
	return r, err
}

// Use marks the code used.
func (r *Redeem) Use() {
	DB.Model(r).Update("used", true)
}

// Org is the namespace a user's repositories live in, named after the
// user's login.
type Org struct {
	gorm.Model
	Name    string
	Private bool
}

// GetOrg loads an org.
func GetOrg(id uint) (*Org, error) {
	org := &Org{}
	err := DB.First(org, id).Error
	return org, err
}

// UpdateOrg writes the whole org row back.
func UpdateOrg(org *Org) error {
	return DB.Save(org).Error
}
