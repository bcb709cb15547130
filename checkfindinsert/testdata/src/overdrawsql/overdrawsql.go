// Package overdrawsql keeps a wallet's balance as the sum of its ledger
// entries: a withdrawal reads the sum, checks it against the amount and
// inserts a negative entry.
package overdrawsql

import (
	"context"
	"database/sql"
	"errors"
)

var ErrInsufficient = errors.New("insufficient funds")

func balance(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, wallet int64) (int64, error) {
	var b int64
	err := q.QueryRowContext(ctx, "SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE wallet_id = $1", wallet).Scan(&b)
	return b, err
}

// Withdraw reads the balance and inserts the debit without a lock.
func Withdraw(ctx context.Context, db *sql.DB, wallet, amount int64) error {
	var b int64
	if err := db.QueryRowContext(ctx, "SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE wallet_id = $1", wallet).Scan(&b); err != nil {
		return err
	}
	if b < amount {
		return ErrInsufficient
	}
	_, err := db.ExecContext(ctx, "INSERT INTO ledger (wallet_id, amount) VALUES ($1, $2)", wallet, -amount) // want `overdraw on ledger\(wallet_id\): concurrent requests all read the total at overdrawsql.go:\d+ before any of them inserts`
	return err
}

// ---- silent ----

// WithdrawLocked locks the wallet's row before summing its entries:
// concurrent withdrawals of one wallet run one at a time.
func WithdrawLocked(ctx context.Context, db *sql.DB, wallet, amount int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, "SELECT id FROM wallets WHERE id = $1 FOR UPDATE", wallet).Scan(&id); err != nil {
		return err
	}
	var b int64
	if err := tx.QueryRowContext(ctx, "SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE wallet_id = $1", wallet).Scan(&b); err != nil {
		return err
	}
	if b < amount {
		return ErrInsufficient
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO ledger (wallet_id, amount) VALUES ($1, $2)", wallet, -amount); err != nil { // ok: the wallet row is locked
		return err
	}
	return tx.Commit()
}

// Deposit reads the balance only to report it.
func Deposit(ctx context.Context, db *sql.DB, wallet, amount int64) (int64, error) {
	b, err := balance(ctx, db, wallet)
	if err != nil {
		return 0, err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO ledger (wallet_id, amount) VALUES ($1, $2)", wallet, amount) // ok: no check of the total decides it
	return b + amount, err
}

// Transfer checks the payer's balance and credits the payee: the credit
// is another wallet's entry.
func Transfer(ctx context.Context, db *sql.DB, from, to, amount int64) error {
	b, err := balance(ctx, db, from)
	if err != nil {
		return err
	}
	if b < amount {
		return ErrInsufficient
	}
	_, err = db.ExecContext(ctx, "INSERT INTO ledger (wallet_id, amount) VALUES ($1, $2)", to, amount) // ok: the payee's entry, not summed by the check
	return err
}

// Invoice creates an unsettled invoice when the settled volume allows:
// the new row is not summed until it is settled.
func Invoice(ctx context.Context, db *sql.DB, user, amount int64) error {
	var volume int64
	if err := db.QueryRowContext(ctx, "SELECT COALESCE(SUM(amount), 0) FROM invoices WHERE user_id = $1 AND settled_at IS NOT NULL", user).Scan(&volume); err != nil {
		return err
	}
	if volume+amount > 1_000_000 {
		return errors.New("too much volume")
	}
	_, err := db.ExecContext(ctx, "INSERT INTO invoices (user_id, amount) VALUES ($1, $2)", user, amount) // ok: settled_at is NULL, the total does not count it
	return err
}
