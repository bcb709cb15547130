// Package xormdigest keeps, in each account row, a digest of its fields
// that every write recomputes: updateAccount calls refreshDigest on the
// struct before writing it whole, and refreshDigest reads the policy
// table to salt it. A caller that reads an account and saves it through
// updateAccount does not write the digest back as read. Through a helper
// that does not recompute it, the digest is written back as read, and the
// other columns are reported either way.
package xormdigest

import (
	"strings"

	"xorm.io/xorm"
)

var x *xorm.Engine

type Account struct {
	ID     int64 `xorm:"pk"`
	Email  string
	Status string
	Digest string
}

type Policy struct {
	ID   int64 `xorm:"pk"`
	Salt string
}

func getAccount(id int64) (*Account, error) {
	a := new(Account)
	if _, err := x.ID(id).Get(a); err != nil {
		return nil, err
	}
	return a, nil
}

// refreshDigest recomputes the digest with the current salt.
func (a *Account) refreshDigest() error {
	p := new(Policy)
	if _, err := x.ID(1).Get(p); err != nil {
		return err
	}
	a.Digest = p.Salt + a.Email + a.Status
	return nil
}

func updateAccount(id int64, a *Account) error {
	if err := a.refreshDigest(); err != nil {
		return err
	}
	_, err := x.ID(id).AllCols().Update(a)
	return err
}

func saveAccount(id int64, a *Account) error {
	_, err := x.ID(id).AllCols().Update(a)
	return err
}

// SetStatus is the other writer of status.
func SetStatus(id int64, status string) error {
	_, err := x.Exec("UPDATE account SET status = ? WHERE id = ?", status, id)
	return err
}

// SetDigest is the other writer of digest.
func SetDigest(id int64, digest string) error {
	_, err := x.Exec("UPDATE account SET digest = ? WHERE id = ?", digest, id)
	return err
}

func ChangeEmail(id int64, email string) error {
	a, err := getAccount(id)
	if err != nil {
		return err
	}
	a.Email = email
	return updateAccount(id, a) // want `stale row written back on account\(status\): `
}

// LowerEmail folds the email, recomputes the digest in place and writes
// both.
func LowerEmail(id int64) error {
	a, err := getAccount(id)
	if err != nil {
		return err
	}
	a.Email = strings.ToLower(a.Email)
	if err := a.refreshDigest(); err != nil {
		return err
	}
	_, err = x.ID(id).Cols("email", "digest").Update(a) // ok: the digest was just recomputed
	return err
}

// ---- reported ----

func ChangeEmailRaw(id int64, email string) error {
	a, err := getAccount(id)
	if err != nil {
		return err
	}
	a.Email = email
	return saveAccount(id, a) // want `stale row written back on account\(digest, status\): `
}

// audit reads the policy table with the account, and sets nothing of it.
func (a *Account) audit() error {
	p := new(Policy)
	_, err := x.ID(a.ID).Get(p)
	return err
}

func LowerEmailAudited(id int64) error {
	a, err := getAccount(id)
	if err != nil {
		return err
	}
	a.Email = strings.ToLower(a.Email)
	if err := a.audit(); err != nil {
		return err
	}
	_, err = x.ID(id).Cols("email", "digest").Update(a) // want `stale row written back on account\(digest\): `
	return err
}
