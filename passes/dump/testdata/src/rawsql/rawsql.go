package rawsql

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
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
	res, err := db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id) // want `update posts set view_count=\$views\+1 where id=\$id on db; found\? count; rows checked`
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

// Conditions appended to a known statement: its kind, table and first
// predicate are known, the rest is a hole.
func Search(ctx context.Context, db *sql.DB, org int64, active bool, extra []string) error {
	q := "SELECT id FROM users WHERE org_id = $1"
	if active {
		q += " AND active"
	}
	for _, e := range extra {
		q += " AND " + e
	}
	var id int64
	return db.QueryRowContext(ctx, q, org).Scan(&id) // want `select users where org_id=\$org reads id\->id on db; found\? err\(database/sql\.ErrNoRows\); partial`
}

// An UPDATE assembled in a strings.Builder: the constant parts are known,
// the optional column is a hole.
func Patch(ctx context.Context, db *sql.DB, id int64, name, email string) error {
	var sb strings.Builder
	sb.WriteString("UPDATE users SET name = $1")
	args := []any{name, id}
	if email != "" {
		sb.WriteString(", email = $3")
		args = append(args, email)
	}
	sb.WriteString(" WHERE id = $2")
	_, err := db.ExecContext(ctx, sb.String(), args...) // want `update users set name=\{\$1\} where id=\{\$2\} on db; partial`
	return err
}

func PatchFixed(ctx context.Context, db *sql.DB, id int64, name string) error {
	var sb strings.Builder
	sb.WriteString("UPDATE users SET ")
	fmt.Fprintf(&sb, "%s = $1", "name")
	sb.WriteString(" WHERE id = $2")
	_, err := db.ExecContext(ctx, sb.String(), name, id) // want `update users set name=\$name where id=\$id on db`
	return err
}
