// Package auth registers the users a trusted proxy names on their first
// request: a lookup by the name, then an insert keyed by it.
package auth

import (
	"errors"

	"gorm.io/gorm"

	"gormattrs/repo"
)

func FromProxy(r *repo.Users, name, key string) (*repo.User, error) {
	u, err := r.ByID(name)
	if err == nil {
		return u, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, err
	}
	u = &repo.User{ID: name, ApiKey: key}
	if err := r.Insert(u); err != nil { // want `check-then-insert on users\(id\): the model's unique index on users\(id\)`
		return nil, err
	}
	return u, nil
}

// Invite looks the address up, then inserts a user under a key the
// lookup never named: the key columns differ.
func Invite(r *repo.Users, email, id, key string) (*repo.User, error) {
	u, err := r.ByEmail(email)
	if err == nil {
		return u, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, err
	}
	u = &repo.User{ID: id, ApiKey: key}
	if err := r.Insert(u); err != nil { // ok: the lookup by email decides an insert that sets no email
		return nil, err
	}
	return u, nil
}
