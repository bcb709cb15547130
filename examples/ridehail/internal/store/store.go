// Package store owns ridehail's database access: sqlc's queries (package
// db) over a pgx pool for riders, rides and wallets, and gorm for driver
// profiles and ratings.
package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"

	"github.com/idemvet/idemvet/examples/ridehail/internal/db"
)

var (
	ErrNotFound          = errors.New("not found")
	ErrEmailTaken        = errors.New("email already registered")
	ErrRideTaken         = errors.New("ride already taken")
	ErrInsufficientFunds = errors.New("insufficient funds")
	ErrAlreadyRated      = errors.New("ride already rated")
)

type Store struct {
	Pool *pgxpool.Pool
	Q    *db.Queries
	Gorm *gorm.DB
}

// Open connects both access paths to the same database.
func Open(ctx context.Context, dsn string) (*Store, error) {
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return nil, err
	}
	gdb, err := gorm.Open(postgres.Open(dsn), &gorm.Config{TranslateError: true})
	if err != nil {
		pool.Close()
		return nil, err
	}
	return &Store{Pool: pool, Q: db.New(pool), Gorm: gdb}, nil
}

// InTx runs fn with queries bound to one transaction and commits when fn
// returns nil.
func (s *Store) InTx(ctx context.Context, fn func(q *db.Queries) error) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		return fn(s.Q.WithTx(tx))
	})
}
