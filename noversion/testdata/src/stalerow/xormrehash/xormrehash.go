// Package xormrehash upgrades a member's password hash on a successful
// login, the way identity servers do when the organization moved to a new
// hashing scheme: the member is read, checkLogin verifies the password and
// re-hashes it with the organization's scheme when that scheme is known,
// then writes the three columns it names through a helper taking a column
// list. The scheme column is set only when the scheme is known, yet it is
// a column the write names as its own, not the row written back.
package xormrehash

import "xorm.io/xorm"

var x *xorm.Engine

type Member struct {
	ID         int64 `xorm:"pk"`
	Name       string
	Password   string
	HashScheme string
	Salt       string
	Status     int
}

type Org struct {
	HashScheme string
	Salt       string
}

type hasher interface{ Hash(pw, salt string) string }

func hasherFor(scheme string) hasher { return nil }

func getMember(id int64) (*Member, error) {
	m := new(Member)
	if _, err := x.ID(id).Get(m); err != nil {
		return nil, err
	}
	return m, nil
}

// rehash stores the password hashed with the organization's scheme, when
// the scheme has a hasher.
func (m *Member) rehash(org *Org) {
	if m.Password == "" {
		return
	}
	h := hasherFor(org.HashScheme)
	if h != nil {
		m.Password = h.Hash(m.Password, org.Salt)
		m.HashScheme = org.HashScheme
		m.Salt = org.Salt
	}
}

func updateMember(id int64, m *Member, columns []string) error {
	_, err := x.ID(id).Cols(columns...).Update(m)
	return err
}

// SetScheme and Disable are the other writers of hash_scheme and status.
func SetScheme(id int64, scheme string) error {
	_, err := x.Exec("UPDATE member SET hash_scheme = ? WHERE id = ?", scheme, id)
	return err
}

func Disable(id int64) error {
	_, err := x.Exec("UPDATE member SET status = 2 WHERE id = ?", id)
	return err
}

// checkLogin upgrades the hash when the member's scheme is outdated.
func checkLogin(m *Member, password string, org *Org) {
	if m.HashScheme != org.HashScheme {
		m.Password = password
		m.rehash(org)
		_ = updateMember(m.ID, m, []string{"password", "hash_scheme", "salt"})
	}
}

// ChangePassword checks the old password first: the upgrade inside writes
// only the columns it computes.
func ChangePassword(id int64, old string, org *Org) error {
	m, err := getMember(id)
	if err != nil {
		return err
	}
	checkLogin(m, old, org) // ok: hash_scheme is among the columns checkLogin names and sets
	return nil
}

// ---- reported ----

// saveLogin upgrades the hash the same way but writes every column back,
// status included.
func saveLogin(m *Member, password string, org *Org) {
	if m.HashScheme != org.HashScheme {
		m.Password = password
		m.rehash(org)
		_ = updateMember(m.ID, m, []string{"password", "hash_scheme", "salt", "status", "name"})
	}
}

func ChangePasswordSaved(id int64, old string, org *Org) error {
	m, err := getMember(id)
	if err != nil {
		return err
	}
	saveLogin(m, old, org) // want `stale row written back on member\(status\): `
	return nil
}
