package pgxcase

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Pool(ctx context.Context, pool *pgxpool.Pool, email string, id int64) error {
	var uid int64
	if err := pool.QueryRow(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&uid); errors.Is(err, pgx.ErrNoRows) { // want `select users where email=\$email reads id\->uid on pool; found\? err\(github\.com/jackc/pgx/v5\.ErrNoRows\)`
		return err
	}
	tag, err := pool.Exec(ctx, "UPDATE users SET name = $1 WHERE id = $2 AND version = $3", "x", id, 3) // want `update users set name=\$"x" where id=\$id,version=\$3 on pool; found\? count; rows checked`
	if err != nil {
		return err
	}
	if tag.RowsAffected() != 1 {
		return errors.New("conflict")
	}
	rows, err := pool.Query(ctx, "SELECT id, title FROM posts WHERE author_id = @author", pgx.NamedArgs{"author": uid}) // want `select posts where author_id=\$uid reads id\->pid,title\->title on pool; found\? bool`
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var pid int64
		var title string
		if err := rows.Scan(&pid, &title); err != nil {
			return err
		}
	}
	return rows.Err()
}

func Explicit(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.Serializable})
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var bal int64
	if err := tx.QueryRow(ctx, "SELECT balance FROM accounts WHERE id = $1 FOR UPDATE", id).Scan(&bal); err != nil { // want `select accounts where id=\$id reads balance\->bal lock=update on BeginTx\(\)\#0; found\? err\(github\.com/jackc/pgx/v5\.ErrNoRows\); in explicit tx \(serializable\)`
		return err
	}
	if _, err := tx.Exec(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, id); err != nil { // want `update accounts set balance=atomic\(balance \- \$1\) where id=\$id on BeginTx\(\)\#0; in explicit tx \(serializable\)`
		return err
	}
	return tx.Commit(ctx)
}

func Callback(ctx context.Context, pool *pgxpool.Pool, key string) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT (key) DO NOTHING", key) // want `insert idempotency_keys set key=\$key conflict=donothing\(key\) on tx; in callback tx`
		return err
	})
}
