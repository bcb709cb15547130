// Package zerokey signs users in through an external provider on xorm: a
// known account's user is looked up by id, and an unknown one registers a
// new user, whose id the database assigns. The registration's insert is
// reached from the lookup, but its key is no value the lookup was given.
package zerokey

import (
	"context"
	"strings"

	"xorm.io/xorm"
)

type User struct {
	ID       int64 `xorm:"pk autoincr"`
	Email    string
	Username string
}

type ExternalLogin struct {
	ID         int64 `xorm:"pk autoincr"`
	UserID     int64
	Provider   string
	ExternalID string
}

type Repo struct{ db *xorm.Engine }

func (r *Repo) UserByID(ctx context.Context, id int64) (*User, bool, error) {
	u := &User{}
	ok, err := r.db.Context(ctx).ID(id).Get(u)
	return u, ok, err
}

func (r *Repo) AddUser(ctx context.Context, u *User) error {
	_, err := r.db.Context(ctx).Insert(u)
	return err
}

func (r *Repo) LoginByExternalID(ctx context.Context, provider, ext string) (*ExternalLogin, bool, error) {
	l := &ExternalLogin{}
	ok, err := r.db.Context(ctx).Where("provider = ? AND external_id = ?", provider, ext).Get(l)
	return l, ok, err
}

type Service struct{ repo *Repo }

// register inserts a user it builds: the id is left to the database.
func (s *Service) register(ctx context.Context, email string) (*User, error) {
	u := &User{Email: email}
	u.Username = strings.Split(email, "@")[0]
	if err := s.repo.AddUser(ctx, u); err != nil {
		return nil, err
	}
	return u, nil
}

// Login signs a known account in as its user, or registers a new one.
func (s *Service) Login(ctx context.Context, provider, ext, email string) (*User, error) {
	l, ok, err := s.repo.LoginByExternalID(ctx, provider, ext)
	if err != nil {
		return nil, err
	}
	if ok {
		u, found, err := s.repo.UserByID(ctx, l.UserID)
		if err != nil {
			return nil, err
		}
		if found {
			return u, nil
		}
	}
	return s.register(ctx, email) // ok: the new user's id is the database's, not l.UserID
}

// registerAs inserts a user under the id it is given.
func (s *Service) registerAs(ctx context.Context, id int64, email string) (*User, error) {
	u := &User{Email: email}
	u.ID = id
	if err := s.repo.AddUser(ctx, u); err != nil {
		return nil, err
	}
	return u, nil
}

// Import creates the user of an id imported from another system unless
// it exists: two imports of one id both find none and both insert.
func (s *Service) Import(ctx context.Context, id int64, email string) (*User, error) {
	u, found, err := s.repo.UserByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if found {
		return u, nil
	}
	return s.registerAs(ctx, id, email) // want `check-then-insert on user\(id\)`
}
