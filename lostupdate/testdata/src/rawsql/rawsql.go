package rawsql

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// The counter from the seeds.
func View(ctx context.Context, db *sql.DB, id int64) error {
	var views int
	if err := db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id) // want `lost update on posts.view_count: the value read at rawsql.go:13 is recomputed in Go and written back; concurrent writers overwrite each other; update atomically with SET view_count = view_count \+ \$n`
	return err
}

// A balance debited in Go, inside a transaction without a row lock.
func Debit(ctx context.Context, db *sql.DB, id int64, amount int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var bal int64
	if err := tx.QueryRowContext(ctx, "SELECT balance FROM accounts WHERE id = $1", id).Scan(&bal); err != nil {
		return err
	}
	if bal < amount {
		return errors.New("insufficient funds")
	}
	bal -= amount
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", bal, id); err != nil { // want `lost update on accounts.balance`
		return err
	}
	return tx.Commit()
}

// Stock through a helper function of the value.
func Reserve(ctx context.Context, db *sql.DB, sku string, qty int) error {
	var stock int
	if err := db.QueryRowContext(ctx, "SELECT stock FROM products WHERE sku = ?", sku).Scan(&stock); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE products SET stock = ? WHERE sku = ?", clamp(stock-qty), sku) // want `lost update on products.stock`
	return err
}

func clamp(n int) int {
	if n < 0 {
		return 0
	}
	return n
}

// ---- silent ----

func ViewAtomic(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, "UPDATE posts SET view_count = view_count + 1 WHERE id = $1", id) // ok: atomic
	return err
}

// The row is locked from the read to the commit.
func DebitLocked(ctx context.Context, db *sql.DB, id int64, amount int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var bal int64
	if err := tx.QueryRowContext(ctx, "SELECT balance FROM accounts WHERE id = $1 FOR UPDATE", id).Scan(&bal); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", bal-amount, id); err != nil { // ok: FOR UPDATE holds the row
		return err
	}
	return tx.Commit()
}

// A compare-and-set on the old value whose rows-affected is checked.
func ViewCAS(ctx context.Context, db *sql.DB, id int64) error {
	var views int
	if err := db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views); err != nil {
		return err
	}
	res, err := db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2 AND view_count = $3", views+1, id, views) // ok: compare-and-set
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errors.New("conflict, retry")
	}
	return nil
}

// A value not derived from the row.
func Touch(ctx context.Context, db *sql.DB, id int64) error {
	var views int
	if err := db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE posts SET touched_at = $1 WHERE id = $2", time.Now(), id) // ok: a timestamp
	return err
}

// A different row.
func Copy(ctx context.Context, db *sql.DB, from, to int64) error {
	var views int
	if err := db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", from).Scan(&views); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, to) // ok: another row
	return err
}

// A different table.
func Mirror(ctx context.Context, db *sql.DB, id int64) error {
	var views int
	if err := db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE post_stats SET view_count = $1 WHERE post_id = $2", views+1, id) // ok: another table
	return err
}

// Serializable.
func DebitSerializable(ctx context.Context, db *sql.DB, id int64, amount int64) error {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var bal int64
	if err := tx.QueryRowContext(ctx, "SELECT balance FROM accounts WHERE id = $1", id).Scan(&bal); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", bal-amount, id); err != nil { // ok: serializable
		return err
	}
	return tx.Commit()
}

// User input, not the row's value.
func Rename(ctx context.Context, db *sql.DB, id int64, title string) error {
	var old string
	if err := db.QueryRowContext(ctx, "SELECT title FROM posts WHERE id = $1", id).Scan(&old); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE posts SET title = $1 WHERE id = $2", title, id) // ok: user input
	return err
}
