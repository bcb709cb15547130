// Package signup registers users through sqlc's pgx/v5 queries.
package signup

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/idemvet/idemvet/testdata/e2e/internal/db/pgxq"
	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

type Service struct {
	Q pgxq.Querier
}

// Signup: GetUserByEmail, then CreateUser on pgx.ErrNoRows.
func (s *Service) Signup(ctx context.Context, email, name, hash string) (pgxq.CreateUserRow, error) {
	_, err := s.Q.GetUserByEmail(ctx, email)
	if err == nil {
		return pgxq.CreateUserRow{}, domain.ErrEmailTaken
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return pgxq.CreateUserRow{}, err
	}
	return s.Q.CreateUser(ctx, pgxq.CreateUserParams{Email: email, Name: name, PasswordHash: hash}) // HAZARD(checkfindinsert)
}

// SignupIfAbsent lets ON CONFLICT decide; no row back means taken.
func (s *Service) SignupIfAbsent(ctx context.Context, email, name, hash string) (pgxq.CreateUserIfAbsentRow, error) {
	row, err := s.Q.CreateUserIfAbsent(ctx, pgxq.CreateUserIfAbsentParams{Email: email, Name: name, PasswordHash: hash}) // SAFE(checkfindinsert): INSERT ... ON CONFLICT (email) DO NOTHING RETURNING
	if errors.Is(err, pgx.ErrNoRows) {
		return row, domain.ErrEmailTaken
	}
	return row, err
}

// SignupChecked asks UserExistsByEmail first and still handles the unique
// violation of CreateUser.
func (s *Service) SignupChecked(ctx context.Context, email, name, hash string) (pgxq.CreateUserRow, error) {
	exists, err := s.Q.UserExistsByEmail(ctx, email)
	if err != nil {
		return pgxq.CreateUserRow{}, err
	}
	if exists {
		return pgxq.CreateUserRow{}, domain.ErrEmailTaken
	}
	row, err := s.Q.CreateUser(ctx, pgxq.CreateUserParams{Email: email, Name: name, PasswordHash: hash}) // SAFE(checkfindinsert): *pgconn.PgError 23505 handled
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return row, domain.ErrEmailTaken
	}
	return row, err
}
