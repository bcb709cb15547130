package svc

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"sqlcgen/db"
)

var ErrTaken = errors.New("taken")

type Service struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

func (s *Service) Register(ctx context.Context, email, name string) (db.User, error) {
	_, err := s.q.GetUserByEmail(ctx, email)
	if err == nil {
		return db.User{}, ErrTaken
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return db.User{}, err
	}
	return s.q.CreateUser(ctx, db.CreateUserParams{Email: email, Name: name}) // want `check-then-insert on users\(email\): a concurrent request can insert between the lookup by db.Queries.GetUserByEmail at svc.go:22`
}

func (s *Service) Redeem(ctx context.Context, code string, user int64) error {
	n, err := s.q.CountRedemptions(ctx, db.CountRedemptionsParams{CouponCode: code, UserID: user})
	if err != nil {
		return err
	}
	if n > 0 {
		return errors.New("already redeemed")
	}
	return s.q.Redeem(ctx, db.RedeemParams{CouponCode: code, UserID: user}) // want `check-then-insert on redemptions\(coupon_code, user_id\)`
}

// Inside a transaction through WithTx: a plain transaction does not help.
func (s *Service) RegisterTx(ctx context.Context, email string) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		if _, err := q.GetUserByEmail(ctx, email); err == nil {
			return ErrTaken
		}
		_, err := q.CreateUser(ctx, db.CreateUserParams{Email: email}) // want `check-then-insert on users\(email\)`
		return err
	})
}

// ---- silent ----

func (s *Service) RegisterIfAbsent(ctx context.Context, email string) error {
	if _, err := s.q.GetUserByEmail(ctx, email); err == nil {
		return ErrTaken
	}
	return s.q.CreateUserIfAbsent(ctx, db.CreateUserIfAbsentParams{Email: email}) // ok: ON CONFLICT in the query
}

func (s *Service) RegisterHandled(ctx context.Context, email string) (db.User, error) {
	if _, err := s.q.GetUserByEmail(ctx, email); err == nil {
		return db.User{}, ErrTaken
	}
	u, err := s.q.CreateUser(ctx, db.CreateUserParams{Email: email}) // ok: 23505 handled
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return db.User{}, ErrTaken
	}
	return u, err
}

func (s *Service) RegisterSerializable(ctx context.Context, email string) error {
	return pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.Serializable}, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		if _, err := q.GetUserByEmail(ctx, email); err == nil {
			return ErrTaken
		}
		_, err := q.CreateUser(ctx, db.CreateUserParams{Email: email}) // ok: serializable
		return err
	})
}
