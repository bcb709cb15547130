package hidden

import (
	"context"
	"errors"
)

type User struct {
	ID    int64
	Email string
}

var ErrNotFound = errors.New("user not found")

// UserRepo's implementation lives in a package this one does not import:
// the model infers the accesses from the method names.
type UserRepo interface {
	GetUserByEmail(ctx context.Context, email string) (*User, error)
	CreateUser(ctx context.Context, u *User) error
	GetByID(ctx context.Context, id int64) (*User, error)
	Save(ctx context.Context, u *User) error
}

type Service struct{ repo UserRepo }

func (s *Service) Register(ctx context.Context, email string) error {
	_, err := s.repo.GetUserByEmail(ctx, email)
	if err == nil {
		return errors.New("taken")
	}
	if !errors.Is(err, ErrNotFound) {
		return err
	}
	return s.repo.CreateUser(ctx, &User{Email: email}) // want `check-then-insert on users\(email\)`
}

// ---- silent ----

// Save is not named like an insert of a known table.
func (s *Service) Touch(ctx context.Context, email string) error {
	_, err := s.repo.GetUserByEmail(ctx, email)
	if errors.Is(err, ErrNotFound) {
		return s.repo.Save(ctx, &User{Email: email}) // ok: the name says nothing
	}
	return err
}

// A different value is inserted.
func (s *Service) Invite(ctx context.Context, email, friend string) error {
	_, err := s.repo.GetUserByEmail(ctx, email)
	if errors.Is(err, ErrNotFound) {
		return s.repo.CreateUser(ctx, &User{Email: friend}) // ok: another email
	}
	return err
}
