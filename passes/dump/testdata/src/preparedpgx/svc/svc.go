package svc

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"preparedpgx/db"
)

type Service struct{ pool *pgxpool.Pool }

func (s *Service) Balance(ctx context.Context, owner string) (int64, int64, error) {
	var id, balance int64
	err := s.pool.QueryRow(ctx, db.StmtAccountByOwner, owner).Scan(&id, &balance) // want `select accounts where owner=\$owner reads id\->id,balance\->balance on s\.pool; found\? err\(github\.com/jackc/pgx/v5\.ErrNoRows\)`
	return id, balance, err
}

func (s *Service) Debit(ctx context.Context, id, amount int64) (bool, error) {
	tag, err := s.pool.Exec(ctx, db.StmtDebit, id, amount) // want `update accounts set balance=atomic\(balance \- \$2\) where id=\$id,balance>=\$amount on s\.pool; found\? count; rows checked`
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// A name nobody prepared stays unknown.
func (s *Service) Close(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, "close_account", id) // want `unknown \? on s\.pool`
	return err
}
