// Package sqlxtx holds sqlx transactions.
package sqlxtx

import (
	"context"

	"github.com/jmoiron/sqlx"
	"google.golang.org/grpc"
)

type Store struct {
	DB    *sqlx.DB
	Audit *grpc.ClientConn
}

type Product struct {
	ID    int64
	Stock int32
}

func (s *Store) Reserve(ctx context.Context, id int64) error {
	tx, err := s.DB.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var p Product
	if err := tx.GetContext(ctx, &p, `SELECT id, stock FROM products WHERE id = $1 FOR UPDATE`, id); err != nil {
		return err
	}
	if err := s.Audit.Invoke(ctx, "/audit.v1.Audit/Record", nil, nil); err != nil { // want `gRPC call \(\(\*google.golang.org/grpc.ClientConn\).Invoke\) while the transaction holds the row lock taken at sqlxtx.go:\d+ \(SELECT ... FOR UPDATE\)`
		return err
	}
	return tx.Commit()
}

func (s *Store) ReserveThenAudit(ctx context.Context, id int64) error {
	tx, err := s.DB.Beginx()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE products SET stock = stock - 1 WHERE id = $1`, id); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return s.Audit.Invoke(ctx, "/audit.v1.Audit/Record", nil, nil) // ok: after the promoted (*sql.Tx).Commit
}
