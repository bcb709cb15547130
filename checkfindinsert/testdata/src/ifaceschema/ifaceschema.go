// Package ifaceschema calls repositories through interfaces whose
// implementations are out of view, in a module whose schema is known: the
// accesses are guessed from method names, and a guess never claims that
// no UNIQUE constraint exists.
package ifaceschema

import (
	"context"
	"errors"
)

type Account struct {
	ID     int64
	Tenant int64
	Login  string
}

type Invite struct {
	ID    int64
	Email string
}

type AccountRepo interface {
	GetAccountByLogin(ctx context.Context, login string) (*Account, error)
	CreateAccount(ctx context.Context, a *Account) error
}

type InviteRepo interface {
	GetInviteByEmail(ctx context.Context, email string) (*Invite, error)
	CreateInvite(ctx context.Context, i *Invite) error
}

type Service struct {
	accounts AccountRepo
	invites  InviteRepo
}

// The guessed key (login) is not what the schema constrains (tenant,
// login): no "no UNIQUE constraint" verdict from a guess.
func (s *Service) SignUp(ctx context.Context, tenant int64, login string) error {
	if _, err := s.accounts.GetAccountByLogin(ctx, login); err == nil {
		return errors.New("taken")
	}
	return s.accounts.CreateAccount(ctx, &Account{Tenant: tenant, Login: login}) // ok: a guess never says nounique
}

// Nor when the guess is right and the table has no constraint on it.
func (s *Service) Invite(ctx context.Context, email string) error {
	if _, err := s.invites.GetInviteByEmail(ctx, email); err == nil {
		return nil
	}
	return s.invites.CreateInvite(ctx, &Invite{Email: email}) // ok: a guess never says nounique
}

type Member struct {
	ID    int64
	Email string
}

type MemberRepo interface {
	GetMemberByEmail(ctx context.Context, email string) (*Member, error)
	CreateMember(ctx context.Context, m *Member) error
}

// A guess the schema confirms is still reported.
func Join(ctx context.Context, members MemberRepo, email string) error {
	if _, err := members.GetMemberByEmail(ctx, email); err == nil {
		return errors.New("already a member")
	}
	return members.CreateMember(ctx, &Member{Email: email}) // want `check-then-insert on members\(email\): the UNIQUE constraint members_email_key rejects a concurrent duplicate`
}
