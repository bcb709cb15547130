package dotsqlcase

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Balance takes the statement's text with Raw and runs it on a pool.
func (s *Store) Balance(ctx context.Context, pool *pgxpool.Pool, owner string) (int64, error) {
	query, err := s.dot.Raw("find-account")
	if err != nil {
		return 0, err
	}
	var id, balance int64
	err = pool.QueryRow(ctx, query, owner).Scan(&id, &balance) // want `select accounts where owner=\$owner reads id\->id,balance\->balance on pool; found\? err\(github\.com/jackc/pgx/v5\.ErrNoRows\)`
	return balance, err
}

func (s *Store) Deposit(ctx context.Context, pool *pgxpool.Pool, id, n int64) error {
	query, err := s.dot.Raw("add-balance")
	if err != nil {
		return err
	}
	_, err = pool.Exec(ctx, query, n, id) // want `update accounts set balance=atomic\(balance \+ \$1\) where id=\$id on pool`
	return err
}
