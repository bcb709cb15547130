// Package bulkcas holds compare-and-set look-alikes that the schema tells
// apart: an update pinned to one row by a unique key, and a bulk update of
// every row of an address.
package bulkcas

import (
	"context"
	"database/sql"
	"time"
)

// Consume marks the link used while it is unused, by the (account_id,
// token) key the schema keeps unique; nobody reads the count, so a second
// click of the same link signs in again.
func Consume(ctx context.Context, tx *sql.Tx, account int64, token string) error {
	_, err := tx.ExecContext(ctx, "UPDATE signin_links SET consumed_at = $1 WHERE account_id = $2 AND token = $3 AND consumed_at IS NULL", time.Now(), account, token) // want `compare-and-set on signin_links\.consumed_at ignores rows affected`
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, "INSERT INTO sessions (account_id) VALUES ($1)", account)
	return err
}

// ConsumeEmailCode matches at most one row through the partial unique index
// on the live code of an address.
func ConsumeEmailCode(ctx context.Context, tx *sql.Tx, email string) error {
	_, err := tx.ExecContext(ctx, "UPDATE email_codes SET consumed_at = $1 WHERE email = $2 AND consumed_at IS NULL", time.Now(), email) // want `compare-and-set on email_codes\.consumed_at ignores rows affected`
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, "INSERT INTO sessions (email) VALUES ($1)", email)
	return err
}

// ConsumeInvite has no schema to ask: the column's name (email) is taken
// to name one row.
func ConsumeInvite(ctx context.Context, tx *sql.Tx, email string) error {
	_, err := tx.ExecContext(ctx, "UPDATE invites SET accepted_at = $1 WHERE email = $2 AND accepted_at IS NULL", time.Now(), email) // want `compare-and-set on invites\.accepted_at ignores rows affected`
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, "INSERT INTO members (email) VALUES ($1)", email)
	return err
}

// ---- silent ----

// Resend retires every earlier link sent to the address for the purpose
// before it mails a new one: the WHERE pins no key of signin_links, so it
// matches any number of rows, none included.
func Resend(ctx context.Context, tx *sql.Tx, account int64, email string, purpose int, token string) error {
	_, err := tx.ExecContext(ctx, "UPDATE signin_links SET consumed_at = $1 WHERE account_id = $2 AND email = $3 AND purpose = $4 AND consumed_at IS NULL", time.Now(), account, email, purpose) // ok: a bulk update of the address's links
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, "INSERT INTO signin_links (account_id, token, email, purpose) VALUES ($1, $2, $3, $4)", account, token, email, purpose)
	return err
}
