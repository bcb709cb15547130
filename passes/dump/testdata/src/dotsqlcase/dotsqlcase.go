package dotsqlcase

import (
	"context"
	"database/sql"

	"github.com/qustavo/dotsql"
)

type Store struct {
	db  *sql.DB
	dot *dotsql.DotSql
}

func Open(db *sql.DB) (*Store, error) {
	dot, err := dotsql.LoadFromFile("queries.sql")
	if err != nil {
		return nil, err
	}
	return &Store{db: db, dot: dot}, nil
}

func (s *Store) Lookup(ctx context.Context, owner string) (int64, error) {
	row, err := s.dot.QueryRowContext(ctx, s.db, "find-account", owner) // want `select accounts where owner=\$owner reads id\->id,balance\->balance on s\.db; found\? err\(database/sql\.ErrNoRows\)`
	if err != nil {
		return 0, err
	}
	var id, balance int64
	err = row.Scan(&id, &balance)
	return id, err
}

func (s *Store) Create(ctx context.Context, owner string) error {
	_, err := s.dot.ExecContext(ctx, s.db, "create-account", owner) // want `insert accounts set owner=\$owner,balance=0 conflict=donothing\(owner\) on s\.db`
	return err
}

func (s *Store) Absolute(ctx context.Context, id, balance int64) error {
	_, err := s.dot.Exec(s.db, "set-balance", balance, id) // want `update accounts set balance=\$balance where id=\$id on s\.db`
	return err
}

func (s *Store) Atomic(ctx context.Context, id, n int64) error {
	_, err := s.dot.Exec(s.db, "add-balance", n, id) // want `update accounts set balance=atomic\(balance \+ \$1\) where id=\$id on s\.db`
	return err
}

func (s *Store) Claim(ctx context.Context, id int64) (bool, error) {
	res, err := s.dot.ExecContext(ctx, s.db, "claim-payout", id) // want `update payouts set status='sent' where id=\$id,status='pending' on s\.db; found\? count; rows checked`
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *Store) Locked(ctx context.Context, id int64) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	row, err := s.dot.QueryRowContext(ctx, tx, "lock-account", id) // want `select accounts where id=\$id reads balance\->balance lock=update on BeginTx\(\)#0; found\? err\(database/sql\.ErrNoRows\); in explicit tx`
	if err != nil {
		return err
	}
	var balance int64
	if err := row.Scan(&balance); err != nil {
		return err
	}
	return tx.Commit()
}

// A name no .sql file of the module defines: unknown.
func (s *Store) Missing(ctx context.Context) error {
	_, err := s.dot.Exec(s.db, "no-such-query") // want `unknown \? on s\.db; partial`
	return err
}
