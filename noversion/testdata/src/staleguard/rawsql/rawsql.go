// Package rawsql holds checks made in Go of a state or a balance read
// earlier, deciding an UPDATE that does not re-check them.
package rawsql

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
)

var (
	ErrTaken        = errors.New("ride taken")
	ErrInsufficient = errors.New("insufficient funds")
)

// The ride-accept race: two drivers both see "searching".
func Accept(ctx context.Context, db *sql.DB, ride, driver int64) error {
	var status string
	if err := db.QueryRowContext(ctx, "SELECT status FROM rides WHERE id = $1", ride).Scan(&status); err != nil {
		return err
	}
	if status != "searching" {
		return ErrTaken
	}
	_, err := db.ExecContext(ctx, "UPDATE rides SET status = 'accepted', driver_id = $2 WHERE id = $1", ride, driver) // want `check-then-update on rides\(status\): the check at rawsql.go:\d+ of the value read at rawsql.go:\d+ is not in the WHERE of this update, so concurrent requests all pass it; add AND status = 'searching'`
	return err
}

// An atomic decrement still overdraws when the balance was checked in Go.
func Debit(ctx context.Context, db *sql.DB, id, amount int64) error {
	var balance int64
	if err := db.QueryRowContext(ctx, "SELECT balance FROM accounts WHERE id = $1", id).Scan(&balance); err != nil {
		return err
	}
	if balance < amount {
		return ErrInsufficient
	}
	_, err := db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", amount, id) // want `check-then-update on accounts\(balance\): .* add AND balance >= \$n and treat`
	return err
}

// ---- silent ----

// The check re-stated in the WHERE, rows affected tested.
func AcceptChecked(ctx context.Context, db *sql.DB, ride, driver int64) error {
	var status string
	if err := db.QueryRowContext(ctx, "SELECT status FROM rides WHERE id = $1", ride).Scan(&status); err != nil {
		return err
	}
	if status != "searching" {
		return ErrTaken
	}
	res, err := db.ExecContext(ctx, "UPDATE rides SET status = 'accepted', driver_id = $2 WHERE id = $1 AND status = 'searching'", ride, driver) // ok: the WHERE re-checks
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrTaken
	}
	return nil
}

func DebitChecked(ctx context.Context, db *sql.DB, id, amount int64) error {
	var balance int64
	if err := db.QueryRowContext(ctx, "SELECT balance FROM accounts WHERE id = $1", id).Scan(&balance); err != nil {
		return err
	}
	if balance < amount {
		return ErrInsufficient
	}
	res, err := db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2 AND balance >= $1", amount, id) // ok: the WHERE re-checks
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrInsufficient
	}
	return nil
}

// The row locked from the check to the write.
func DebitLocked(ctx context.Context, db *sql.DB, id, amount int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var balance int64
	if err := tx.QueryRowContext(ctx, "SELECT balance FROM accounts WHERE id = $1 FOR UPDATE", id).Scan(&balance); err != nil {
		return err
	}
	if balance < amount {
		return ErrInsufficient
	}
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", amount, id); err != nil { // ok: FOR UPDATE
		return err
	}
	return tx.Commit()
}

// SERIALIZABLE aborts one of the two.
func DebitSerializable(ctx context.Context, db *sql.DB, id, amount int64) error {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var balance int64
	if err := tx.QueryRowContext(ctx, "SELECT balance FROM accounts WHERE id = $1", id).Scan(&balance); err != nil {
		return err
	}
	if balance < amount {
		return ErrInsufficient
	}
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", amount, id); err != nil { // ok: serializable
		return err
	}
	return tx.Commit()
}

// An ownership check of a column the update leaves alone.
func Rename(ctx context.Context, db *sql.DB, doc, user int64, title string) error {
	var owner int64
	if err := db.QueryRowContext(ctx, "SELECT owner_id FROM docs WHERE id = $1", doc).Scan(&owner); err != nil {
		return err
	}
	if owner != user {
		return errors.New("forbidden")
	}
	_, err := db.ExecContext(ctx, "UPDATE docs SET title = $1 WHERE id = $2", title, doc) // ok: owner_id is not written
	return err
}

// Skipped when already in the target state: concurrent callers write the
// same value.
func MarkPaid(ctx context.Context, db *sql.DB, id int64) error {
	var status string
	if err := db.QueryRowContext(ctx, "SELECT status FROM orders WHERE id = $1", id).Scan(&status); err != nil {
		return err
	}
	if status == "paid" {
		return nil
	}
	_, err := db.ExecContext(ctx, "UPDATE orders SET status = 'paid' WHERE id = $1", id) // ok: idempotent
	return err
}

// Nothing to change.
func SetPlan(ctx context.Context, db *sql.DB, id int64, plan string) error {
	var cur string
	if err := db.QueryRowContext(ctx, "SELECT plan FROM users WHERE id = $1", id).Scan(&cur); err != nil {
		return err
	}
	if cur == plan {
		return nil
	}
	_, err := db.ExecContext(ctx, "UPDATE users SET plan = $1 WHERE id = $2", plan, id) // ok: the same value either way
	return err
}

// A check of another row than the one written.
func Transfer(ctx context.Context, db *sql.DB, from, to, amount int64) error {
	var balance int64
	if err := db.QueryRowContext(ctx, "SELECT balance FROM accounts WHERE id = $1", from).Scan(&balance); err != nil {
		return err
	}
	if balance < amount {
		return ErrInsufficient
	}
	_, err := db.ExecContext(ctx, "UPDATE accounts SET balance = balance + $1 WHERE id = $2", amount, to) // ok: the credited row is not the one checked
	return err
}

// An immutability check: the update writes the value the check required.
func ChangeUser(ctx context.Context, db *sql.DB, id int64, role, name string) error {
	var cur string
	if err := db.QueryRowContext(ctx, "SELECT role FROM members WHERE id = $1", id).Scan(&cur); err != nil {
		return err
	}
	if cur != role {
		return errors.New("role can not be changed")
	}
	_, err := db.ExecContext(ctx, "UPDATE members SET role = $1, name = $2 WHERE id = $3", role, name, id) // ok: role keeps its value
	return err
}

// An edit form of drafts writes back the state the check required, with
// the content: the state does not move, so two editors racing past the
// check change nothing of it (their content race is another matter).
func EditDraft(ctx context.Context, db *sql.DB, id int64, body string) error {
	var status string
	if err := db.QueryRowContext(ctx, "SELECT status FROM posts WHERE id = $1", id).Scan(&status); err != nil {
		return err
	}
	if status != "draft" {
		return errors.New("published posts can not be edited")
	}
	_, err := db.ExecContext(ctx, "UPDATE posts SET status = 'draft', body = $1 WHERE id = $2", body, id) // ok: status keeps the value the check required
	return err
}

// The same constant bound as a Go value.
func EditDraftBound(ctx context.Context, db *sql.DB, id int64, body string) error {
	var status string
	if err := db.QueryRowContext(ctx, "SELECT status FROM posts WHERE id = $1", id).Scan(&status); err != nil {
		return err
	}
	if status != "draft" {
		return errors.New("published posts can not be edited")
	}
	_, err := db.ExecContext(ctx, "UPDATE posts SET status = $1, body = $2 WHERE id = $3", "draft", body, id) // ok: the same constant
	return err
}

// Publishing moves the state away from the one checked, to a constant and
// the database's clock: two editors racing past the check both publish,
// and the row ends as either alone would leave it.
func Publish(ctx context.Context, db *sql.DB, id int64) error {
	var status string
	if err := db.QueryRowContext(ctx, "SELECT status FROM posts WHERE id = $1", id).Scan(&status); err != nil {
		return err
	}
	if status != "draft" {
		return errors.New("already published")
	}
	_, err := db.ExecContext(ctx, "UPDATE posts SET status = 'published', published_at = now() WHERE id = $1", id) // ok: every racer writes the same row
	return err
}

// The same transition, then the post announced to subscribers: both
// racers announce it.
func PublishAndAnnounce(ctx context.Context, db *sql.DB, id int64, hook string) error {
	var status string
	if err := db.QueryRowContext(ctx, "SELECT status FROM posts WHERE id = $1", id).Scan(&status); err != nil {
		return err
	}
	if status != "draft" {
		return errors.New("already published")
	}
	if _, err := db.ExecContext(ctx, "UPDATE posts SET status = 'published', published_at = now() WHERE id = $1", id); err != nil { // want `check-then-update on posts\(status\): .* add AND status = 'draft'`
		return err
	}
	resp, err := http.Post(hook, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The same transition, then the post added to the feed: both racers
// insert it.
func PublishToFeed(ctx context.Context, db *sql.DB, id int64) error {
	var status string
	if err := db.QueryRowContext(ctx, "SELECT status FROM posts WHERE id = $1", id).Scan(&status); err != nil {
		return err
	}
	if status != "draft" {
		return errors.New("already published")
	}
	if _, err := db.ExecContext(ctx, "UPDATE posts SET status = 'published' WHERE id = $1", id); err != nil { // want `check-then-update on posts\(status\)`
		return err
	}
	_, err := db.ExecContext(ctx, "INSERT INTO feed_items (post_id) VALUES ($1)", id)
	return err
}

// The transition records who published: two editors racing past the
// check write different publishers.
func PublishAs(ctx context.Context, db *sql.DB, id, editor int64) error {
	var status string
	if err := db.QueryRowContext(ctx, "SELECT status FROM posts WHERE id = $1", id).Scan(&status); err != nil {
		return err
	}
	if status != "draft" {
		return errors.New("already published")
	}
	_, err := db.ExecContext(ctx, "UPDATE posts SET status = 'published', published_by = $2 WHERE id = $1", id, editor) // want `check-then-update on posts\(status\)`
	return err
}

// A delivery worker: one check decides the claim and the updates after
// it. One finding, at the first.
func Deliver(ctx context.Context, db *sql.DB, id int64, send func() error) error {
	var status string
	if err := db.QueryRowContext(ctx, "SELECT status FROM deliveries WHERE id = $1", id).Scan(&status); err != nil {
		return err
	}
	if status == "processing" || status == "success" {
		return nil
	}
	if _, err := db.ExecContext(ctx, "UPDATE deliveries SET status = 'processing' WHERE id = $1", id); err != nil { // want `check-then-update on deliveries\(status\)`
		return err
	}
	if err := send(); err != nil {
		_, err := db.ExecContext(ctx, "UPDATE deliveries SET status = 'failed' WHERE id = $1", id) // ok: the same check, reported once
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE deliveries SET status = 'success' WHERE id = $1", id) // ok: the same check, reported once
	return err
}

// Skipped when already issued, but the work is done before the mark: two
// requests both pass the check and both save signatures.
func IssueQuote(ctx context.Context, db *sql.DB, quote int64, sig string) error {
	var state string
	if err := db.QueryRowContext(ctx, "SELECT state FROM quotes WHERE id = $1", quote).Scan(&state); err != nil {
		return err
	}
	if state == "issued" {
		return errors.New("already issued")
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO signatures (quote_id, sig) VALUES ($1, $2)", quote, sig); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE quotes SET state = 'issued' WHERE id = $1", quote) // want `check-then-update on quotes\(state\)`
	return err
}

// The same work done before the check: nothing is done on its word but the
// mark, which writes the same value either way.
func IssueQuoteLogged(ctx context.Context, db *sql.DB, quote int64, sig string) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO signatures (quote_id, sig) VALUES ($1, $2)", quote, sig); err != nil {
		return err
	}
	var state string
	if err := db.QueryRowContext(ctx, "SELECT state FROM quotes WHERE id = $1", quote).Scan(&state); err != nil {
		return err
	}
	if state == "issued" {
		return nil
	}
	_, err := db.ExecContext(ctx, "UPDATE quotes SET state = 'issued' WHERE id = $1", quote) // ok: idempotent, nothing done between
	return err
}

// markUsedAndGrant marks the code used with a constant and grants its
// credit, in one helper.
func markUsedAndGrant(ctx context.Context, db *sql.DB, code string, user int64) error {
	if _, err := db.ExecContext(ctx, "UPDATE gift_codes SET used = true WHERE code = $1", code); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "INSERT INTO credits (user_id, code) VALUES ($1, $2)", user, code)
	return err
}

// The grant is made by the same call as the converging mark: both racers
// are credited.
func RedeemGift(ctx context.Context, db *sql.DB, code string, user int64) error {
	var used bool
	if err := db.QueryRowContext(ctx, "SELECT used FROM gift_codes WHERE code = $1", code).Scan(&used); err != nil {
		return err
	}
	if used {
		return errors.New("code already used")
	}
	return markUsedAndGrant(ctx, db, code, user) // want `check-then-update on gift_codes\(used\)`
}

// The mark alone, by a helper: both racers mark it, nothing is granted.
func markUsed(ctx context.Context, db *sql.DB, code string) error {
	_, err := db.ExecContext(ctx, "UPDATE gift_codes SET used = true WHERE code = $1", code)
	return err
}

func RetireGift(ctx context.Context, db *sql.DB, code string) error {
	var used bool
	if err := db.QueryRowContext(ctx, "SELECT used FROM gift_codes WHERE code = $1", code).Scan(&used); err != nil {
		return err
	}
	if used {
		return nil
	}
	return markUsed(ctx, db, code) // ok: every racer writes used = true
}

// Skipped when the plan is already the one asked for, then the billing
// provider told: two requests racing past the check both call it.
func ChangePlan(ctx context.Context, db *sql.DB, id int64, plan, billing string) error {
	var cur string
	if err := db.QueryRowContext(ctx, "SELECT plan FROM users WHERE id = $1", id).Scan(&cur); err != nil {
		return err
	}
	if cur == plan {
		return nil
	}
	if _, err := db.ExecContext(ctx, "UPDATE users SET plan = $1 WHERE id = $2", plan, id); err != nil { // want `check-then-update on users\(plan\)`
		return err
	}
	resp, err := http.Post(billing+"/subscriptions/"+plan, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
