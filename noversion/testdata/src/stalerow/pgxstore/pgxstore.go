// Package pgxstore: a pgx repository whose UpdateAccount writes the row it
// was handed, and a service function in the same package.
package pgxstore

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Account struct {
	ID        int64
	Owner     string
	Status    string
	Limit     int64
	Suspended bool
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) account(ctx context.Context, id int64) (Account, error) {
	var a Account
	err := s.pool.QueryRow(ctx, `SELECT id, owner, status, "limit", suspended FROM accounts WHERE id = $1`, id).Scan(&a.ID, &a.Owner, &a.Status, &a.Limit, &a.Suspended)
	return a, err
}

func (s *Store) save(ctx context.Context, a Account) error {
	_, err := s.pool.Exec(ctx, `UPDATE accounts SET owner = $2, status = $3, "limit" = $4, suspended = $5 WHERE id = $1`, a.ID, a.Owner, a.Status, a.Limit, a.Suspended)
	return err
}

// Suspend is what an operator runs from the admin console.
func (s *Store) Suspend(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE accounts SET suspended = true WHERE id = $1`, id)
	return err
}

// ChangeOwner loses a suspension made while it runs.
func (s *Store) ChangeOwner(ctx context.Context, id int64, owner string) error {
	a, err := s.account(ctx, id)
	if err != nil {
		return err
	}
	a.Owner = owner
	return s.save(ctx, a) // want `stale row written back on accounts\(suspended\): pgxstore.Store.save writes back the values read at pgxstore.go:\d+ \(by pgxstore.Store.account\), reverting concurrent changes such as suspended by pgxstore.Store.Suspend`
}

// The owner change written as one column.
func (s *Store) ChangeOwnerNarrow(ctx context.Context, id int64, owner string) error {
	_, err := s.pool.Exec(ctx, `UPDATE accounts SET owner = $2 WHERE id = $1`, id, owner) // ok: one column
	return err
}
