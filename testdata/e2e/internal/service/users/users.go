// Package users is the account-registration service. It depends on
// repositories through the UserRepository interface declared here; the
// implementation (sqlstore.Users) is wired in internal/app.
package users

import (
	"context"
	"errors"

	"github.com/idemvet/idemvet/testdata/e2e/internal/dberr"
	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
	"github.com/idemvet/idemvet/testdata/e2e/internal/store/sqlstore"
)

// UserRepository is what the service needs from storage.
type UserRepository interface {
	// FindByEmail returns domain.ErrNotFound when nobody has the address.
	FindByEmail(ctx context.Context, email string) (*domain.User, error)
	// Insert adds a user and returns the driver's error unchanged.
	Insert(ctx context.Context, email, name string) (int64, error)
}

type Service struct {
	users UserRepository
}

func New(users UserRepository) *Service { return &Service{users: users} }

// Register checks through the interface and inserts through it: the
// check-then-insert spans two repository calls.
func (s *Service) Register(ctx context.Context, email, name string) (int64, error) {
	_, err := s.users.FindByEmail(ctx, email)
	if err == nil {
		return 0, domain.ErrEmailTaken
	}
	if !errors.Is(err, domain.ErrNotFound) {
		return 0, err
	}
	return s.users.Insert(ctx, email, name) // HAZARD(checkfindinsert)
}

// RegisterHandled keeps the lookup and maps the unique violation of a lost
// race to ErrEmailTaken.
func (s *Service) RegisterHandled(ctx context.Context, email, name string) (int64, error) {
	if _, err := s.users.FindByEmail(ctx, email); err == nil {
		return 0, domain.ErrEmailTaken
	} else if !errors.Is(err, domain.ErrNotFound) {
		return 0, err
	}
	id, err := s.users.Insert(ctx, email, name) // SAFE(checkfindinsert): unique violation handled by dberr.IsUniqueViolation
	if dberr.IsUniqueViolation(err) {
		return 0, domain.ErrEmailTaken
	}
	return id, err
}

// Importer copies contacts from the CRM into users through the concrete
// repository of another package.
type Importer struct {
	Users *sqlstore.Users
}

// ImportContact skips known addresses and inserts the others.
func (im *Importer) ImportContact(ctx context.Context, email, name string) error {
	u, err := im.Users.FindByEmail(ctx, email)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	if u != nil {
		return nil
	}
	_, err = im.Users.Insert(ctx, email, name) // HAZARD(checkfindinsert)
	return err
}
