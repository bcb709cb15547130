// Package repo keeps accounts in xorm: a lookup by id and a write of the
// password hash alone.
package repo

import "xorm.io/xorm"

type Account struct {
	ID     string `xorm:"not null pk VARCHAR(36) id"`
	Hash   string `xorm:"VARCHAR(255) hash"`
	Logins int    `xorm:"INT(11) logins"`
}

type Accounts struct{ DB *xorm.Engine }

func (r *Accounts) ByID(id string) (*Account, bool, error) {
	a := &Account{}
	ok, err := r.DB.ID(id).Get(a)
	return a, ok, err
}

func (r *Accounts) SetHash(id, hash string) error {
	_, err := r.DB.Where("id = ?", id).Cols("hash").Update(&Account{Hash: hash})
	return err
}

func (r *Accounts) SetLogins(id string, n int) error {
	_, err := r.DB.Where("id = ?", id).Cols("logins").Update(&Account{Logins: n})
	return err
}
