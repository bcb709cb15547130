// Package sqltx holds database/sql transactions that call the network
// while rows are locked, and the correct orderings.
package sqltx

import (
	"bytes"
	"context"
	"database/sql"
	"net/http"
	"net/smtp"
	"time"
)

type Store struct {
	DB   *sql.DB
	HTTP *http.Client
}

func (s *Store) charge(ctx context.Context, userID, amount int64) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example.com/charges", bytes.NewReader(nil))
	if err != nil {
		return err
	}
	resp, err := s.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// TopUp locks the account, then charges over HTTP before committing.
func (s *Store) TopUp(ctx context.Context, accountID, amount int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var userID int64
	if err := tx.QueryRowContext(ctx, `SELECT user_id FROM accounts WHERE id = $1 FOR UPDATE`, accountID).Scan(&userID); err != nil {
		return err
	}
	if err := s.charge(ctx, userID, amount); err != nil { // want `HTTP call \(sqltx.Store.charge → \(\*net/http.Client\).Do\) while the transaction holds the row lock taken at sqltx.go:\d+ \(SELECT ... FOR UPDATE\)`
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, amount, accountID); err != nil {
		return err
	}
	return tx.Commit()
}

// CloseAccount writes the row, then mails the owner before committing.
func (s *Store) CloseAccount(ctx context.Context, accountID int64, email string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET closed = true WHERE id = $1`, accountID); err != nil {
		return err
	}
	if err := smtp.SendMail("smtp.example.com:25", nil, "noreply@example.com", []string{email}, []byte("closed")); err != nil { // want `SMTP call \(net/smtp.SendMail\) while the transaction holds the row lock taken at sqltx.go:\d+ \(UPDATE accounts\)`
		return err
	}
	return tx.Commit()
}

// InLoop charges on the second iteration while the first one's write
// still holds its lock.
func (s *Store) InLoop(ctx context.Context, ids []int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, id := range ids {
		if err := s.charge(ctx, id, 1); err != nil { // want `HTTP call .* while the transaction holds the row lock taken at sqltx.go:\d+ \(UPDATE accounts\)`
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance - 1 WHERE id = $1`, id); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// ChargeAfterCommit commits first.
func (s *Store) ChargeAfterCommit(ctx context.Context, accountID, amount int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var userID int64
	if err := tx.QueryRowContext(ctx, `SELECT user_id FROM accounts WHERE id = $1 FOR UPDATE`, accountID).Scan(&userID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, amount, accountID); err != nil { // ok: a query on the transaction itself
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return s.charge(ctx, userID, amount) // ok: after Commit
}

// ChargeBeforeLock charges before the transaction locks anything.
func (s *Store) ChargeBeforeLock(ctx context.Context, accountID, amount int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var userID int64
	if err := tx.QueryRowContext(ctx, `SELECT user_id FROM accounts WHERE id = $1`, accountID).Scan(&userID); err != nil {
		return err
	}
	if err := s.charge(ctx, userID, amount); err != nil { // ok: no lock taken and nothing written yet
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, amount, accountID); err != nil {
		return err
	}
	return tx.Commit()
}

// ReadOnly fetches while a read-only transaction is open.
func (s *Store) ReadOnly(ctx context.Context, accountID int64) error {
	tx, err := s.DB.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var balance int64
	if err := tx.QueryRowContext(ctx, `SELECT balance FROM accounts WHERE id = $1`, accountID).Scan(&balance); err != nil {
		return err
	}
	resp, err := s.HTTP.Get("https://rates.example.com/eur") // ok: the transaction holds no row locks
	if err != nil {
		return err
	}
	resp.Body.Close()
	return tx.Commit()
}

// Outbox records the intent in the transaction and sends after commit.
func (s *Store) Outbox(ctx context.Context, accountID, amount int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, amount, accountID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO outbox (topic, payload) VALUES ('charge', $1)`, amount); err != nil { // ok: outbox row on the transaction
		return err
	}
	return tx.Commit()
}

// AsyncAfterCommit publishes from a goroutine started after commit.
func (s *Store) AsyncAfterCommit(ctx context.Context, accountID int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET touched = now() WHERE id = $1`, accountID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	go func() {
		_ = s.charge(context.Background(), accountID, 0) // ok: in a goroutine started after commit
	}()
	return nil
}

// Goroutine starts the call without waiting for it: the lock is not held
// for the call's duration.
func (s *Store) Goroutine(ctx context.Context, accountID int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET touched = now() WHERE id = $1`, accountID); err != nil {
		return err
	}
	go s.charge(context.Background(), accountID, 0) // ok: the transaction does not wait for it
	return tx.Commit()
}

// Sleepy waits while locked: not a network call (see doc).
func (s *Store) Sleepy(ctx context.Context, accountID int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET touched = now() WHERE id = $1`, accountID); err != nil {
		return err
	}
	time.Sleep(10 * time.Millisecond) // ok: not reported
	return tx.Commit()
}

// Ignored documents an accepted exception.
func (s *Store) Ignored(ctx context.Context, accountID int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET touched = now() WHERE id = $1`, accountID); err != nil {
		return err
	}
	//idemvet:ignore lockacrosscall the local sidecar answers in microseconds
	if err := s.charge(ctx, accountID, 0); err != nil { // ok: suppressed
		return err
	}
	return tx.Commit()
}

// WithTxParam receives the transaction: it stays open until the caller
// commits.
func (s *Store) WithTxParam(ctx context.Context, tx *sql.Tx, accountID int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM holds WHERE account_id = $1`, accountID); err != nil {
		return err
	}
	return s.charge(ctx, accountID, 0) // want `HTTP call .* while the transaction holds the row lock taken at sqltx.go:\d+ \(DELETE FROM holds\)`
}

// Invoice inserts a new invoice row (its id is the table's serial), then
// takes the tenant's next invoice number from a counter row with an
// upsert in a helper, and charges before committing: every invoice of the
// tenant waits on the counter row for the provider's latency.
func (s *Store) Invoice(ctx context.Context, tenantID string, amount int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, `INSERT INTO invoices (tenant_id, amount) VALUES ($1, $2) RETURNING id`, tenantID, amount).Scan(&id); err != nil {
		return err
	}
	if _, err := nextInvoiceNumber(ctx, tx, tenantID); err != nil {
		return err
	}
	if err := s.charge(ctx, id, amount); err != nil { // want `HTTP call .* while the transaction holds the row lock taken at sqltx.go:\d+ \(INSERT INTO invoice_sequences ... ON CONFLICT DO UPDATE in sqltx.nextInvoiceNumber\)`
		return err
	}
	return tx.Commit()
}

func nextInvoiceNumber(ctx context.Context, tx *sql.Tx, tenantID string) (int64, error) {
	var n int64
	err := tx.QueryRowContext(ctx, `INSERT INTO invoice_sequences (tenant_id, last_value) VALUES ($1, 1)
		ON CONFLICT (tenant_id) DO UPDATE SET last_value = invoice_sequences.last_value + 1 RETURNING last_value`, tenantID).Scan(&n)
	return n, err
}

// ---- silent: the only lock is the one on a row the transaction created ----

// Signup inserts the new account's rows (ids from the tables' serials)
// and then registers the account with the identity provider, inside the
// transaction: no other transaction can see, and so wait for, the new
// rows.
func (s *Store) Signup(ctx context.Context, tenant string, amount int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, `INSERT INTO invoices (tenant_id, amount) VALUES ($1, $2) RETURNING id`, tenant, amount).Scan(&id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO charges (user_id) VALUES ($1)`, id); err != nil {
		return err
	}
	if err := s.charge(ctx, id, amount); err != nil { // ok: only the new rows are locked
		return err
	}
	return tx.Commit()
}
