package rawsql

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

var ErrTaken = errors.New("taken")

const selectByEmail = `SELECT id FROM users WHERE email = $1`

func Register(ctx context.Context, db *sql.DB, email, name string) error {
	var id int64
	err := db.QueryRowContext(ctx, selectByEmail, email).Scan(&id) // want `select users where email=\$email reads id\->id on db; found\? err\(database/sql\.ErrNoRows\)`
	if err == nil {
		return ErrTaken
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO users (email, name) VALUES ($1, $2)", email, name) // want `insert users set email=\$email,name=\$name on db`
	return err
}

func Count(ctx context.Context, db *sql.DB, email string) (bool, error) {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM users WHERE email = $1", email).Scan(&n); err != nil { // want `select count users where email=\$email reads count\->n on db; found\? count`
		return false, err
	}
	return n > 0, nil
}

func Views(ctx context.Context, db *sql.DB, table string, id int64) error {
	var views int
	q := fmt.Sprintf("SELECT view_count FROM %s WHERE id = $1", table)
	if err := db.QueryRowContext(ctx, q, id).Scan(&views); err != nil { // want `select \? where id=\$id reads view_count\->views on db; found\? err\(database/sql\.ErrNoRows\); partial`
		return err
	}
	res, err := db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id) // want `update posts set view_count=\$views\+1 where id=\$id on db; rows checked`
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n != 1 {
		return errors.New("no row")
	}
	return nil
}

func Transfer(ctx context.Context, db *sql.DB, from, to int64, amount int) error {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var bal int
	if err := tx.QueryRowContext(ctx, "SELECT balance FROM accounts WHERE id = $1 FOR UPDATE", from).Scan(&bal); err != nil { // want `select accounts where id=\$from reads balance\->bal lock=update on BeginTx\(\)\#0; found\? err\(database/sql\.ErrNoRows\); in explicit tx \(serializable\)`
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", amount, from); err != nil { // want `update accounts set balance=atomic\(balance \- \$1\) where id=\$from on BeginTx\(\)\#0; in explicit tx \(serializable\)`
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO ledger (account_id, amount) VALUES ($1, $2) ON CONFLICT DO NOTHING", to, amount); err != nil { // want `insert ledger set account_id=\$to,amount=\$amount conflict=donothing on BeginTx\(\)\#0; in explicit tx \(serializable\)`
		return err
	}
	return tx.Commit()
}
