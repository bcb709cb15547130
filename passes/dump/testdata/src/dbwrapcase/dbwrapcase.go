// Package dbwrapcase pins the model of statements run through an
// application's own database layer (the shared dbwrap/db stand-in: Bus.One
// and Run forward SQL to sqlx; InTx runs a callback with the same methods on
// the transaction).
package dbwrapcase

import (
	"context"

	"dbwrap/db"
)

type Store struct{ bus *db.Bus }

func (s *Store) Lookup(ctx context.Context, email string) (int64, error) {
	var id int64
	err := s.bus.One(ctx, &id, "SELECT id FROM users WHERE email = $1", email) // want `select users where email=\$email reads id\->id on s\.bus\.x; found\? err\(database/sql\.ErrNoRows\)`
	return id, err
}

func (s *Store) Insert(ctx context.Context, email string) error {
	_, err := s.bus.Run(ctx, "INSERT INTO users (email) VALUES ($1)", email) // want `insert users set email=\$email on s\.bus\.x`
	return err
}

func (s *Store) Absolute(ctx context.Context, id, balance int64) error {
	_, err := s.bus.Run(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", balance, id) // want `update accounts set balance=\$balance where id=\$id on s\.bus\.x`
	return err
}

func (s *Store) Atomic(ctx context.Context, id, n int64) error {
	_, err := s.bus.Run(ctx, "UPDATE accounts SET balance = balance + $1 WHERE id = $2", n, id) // want `update accounts set balance=atomic\(balance \+ \$1\) where id=\$id on s\.bus\.x`
	return err
}

func (s *Store) CompareAndSet(ctx context.Context, id int64) (bool, error) {
	res, err := s.bus.Run(ctx, "UPDATE accounts SET status = 'frozen' WHERE id = $1 AND status = 'open'", id) // want `update accounts set status='frozen' where id=\$id,status='open' on s\.bus\.x\.DB; found\? count; rows checked`
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *Store) Tx(ctx context.Context, id, n int64) error {
	return s.bus.InTx(ctx, func(tx *db.Tx) error {
		var balance int64
		if err := tx.One(ctx, &balance, "SELECT balance FROM accounts WHERE id = $1 FOR UPDATE", id); err != nil { // want `select accounts where id=\$id reads balance\->balance lock=update on tx\.tx; found\? err\(database/sql\.ErrNoRows\); in callback tx of db\.InTx`
			return err
		}
		_, err := tx.Run(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", balance+n, id) // want `update accounts set balance=\$balance\+n where id=\$id on tx\.tx\.Tx; in callback tx of db\.InTx`
		return err
	})
}
