package pgxv4case

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
)

func Lookup(ctx context.Context, pool *pgxpool.Pool, email string) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id) // want `select users where email=\$email reads id\->id on pool; found\? err\(github\.com/jackc/pgx/v4\.ErrNoRows\)`
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return id, err
}

func Writes(ctx context.Context, pool *pgxpool.Pool, id, n int64, email string) error {
	if _, err := pool.Exec(ctx, "INSERT INTO users (email) VALUES ($1) ON CONFLICT DO NOTHING", email); err != nil { // want `insert users set email=\$email conflict=donothing on pool`
		return err
	}
	if _, err := pool.Exec(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", n, id); err != nil { // want `update accounts set balance=\$n where id=\$id on pool`
		return err
	}
	_, err := pool.Exec(ctx, "UPDATE accounts SET balance = balance + $1 WHERE id = $2", n, id) // want `update accounts set balance=atomic\(balance \+ \$1\) where id=\$id on pool`
	return err
}

func CompareAndSet(ctx context.Context, pool *pgxpool.Pool, id int64) (bool, error) {
	tag, err := pool.Exec(ctx, "UPDATE jobs SET state = 'running' WHERE id = $1 AND state = 'queued'", id) // want `update jobs set state='running' where id=\$id,state='queued' on pool; found\? count; rows checked`
	return tag.RowsAffected() == 1, err
}

func Tx(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	return pool.BeginFunc(ctx, func(tx pgx.Tx) error {
		var bal int64
		if err := tx.QueryRow(ctx, "SELECT balance FROM accounts WHERE id = $1 FOR UPDATE", id).Scan(&bal); err != nil { // want `select accounts where id=\$id reads balance\->bal lock=update on tx; found\? err\(github\.com/jackc/pgx/v4\.ErrNoRows\); in callback tx`
			return err
		}
		_, err := tx.Exec(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", bal-1, id) // want `update accounts set balance=\$bal-1 where id=\$id on tx; in callback tx`
		return err
	})
}

func Explicit(ctx context.Context, conn *pgx.Conn, id int64) error {
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.Serializable})
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "DELETE FROM holds WHERE id = $1", id); err != nil { // want `delete holds where id=\$id on BeginTx\(\)#0; in explicit tx \(serializable\)`
		return err
	}
	return tx.Commit(ctx)
}
