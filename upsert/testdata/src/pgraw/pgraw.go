// Package pgraw holds PostgreSQL upserts run through database/sql.
package pgraw

import (
	"context"
	"database/sql"
	"time"
)

// An order created by a checkout retried by the client: the duplicate
// puts a shipped order back to pending.
func CreateOrder(ctx context.Context, db *sql.DB, id, userID int64) error {
	_, err := db.ExecContext(ctx, `INSERT INTO orders (id, user_id, status) VALUES ($1, $2, 'pending') ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, status = EXCLUDED.status`, id, userID) // want `upsert resets orders\.status to 'pending' when the row exists: a retried or duplicate insert undoes transitions made since; leave status out of DO UPDATE, or update it only WHERE orders\.status = 'pending'`
	return err
}

// ok: the right form leaves the state to its own transitions.
func CreateOrderKeepStatus(ctx context.Context, db *sql.DB, id, userID int64) error {
	_, err := db.ExecContext(ctx, `INSERT INTO orders (id, user_id, status) VALUES ($1, $2, 'pending') ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id`, id, userID)
	return err
}

// ok: DO UPDATE ... WHERE guards the transition.
func CreateOrderGuarded(ctx context.Context, db *sql.DB, id, userID int64) error {
	_, err := db.ExecContext(ctx, `INSERT INTO orders (id, user_id, status) VALUES ($1, $2, 'pending') ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, user_id = EXCLUDED.user_id WHERE orders.status = 'pending'`, id, userID)
	return err
}

// ok: the status is the caller's new data (a sync from the payment
// provider), not an initial value.
func SyncOrder(ctx context.Context, db *sql.DB, id int64, status string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO orders (id, status) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status`, id, status)
	return err
}

// The seed's trap: the counter starts at 1, and a second login of the day
// sets it back to 1.
func RecordLogin(ctx context.Context, db *sql.DB, userID int64) error {
	_, err := db.ExecContext(ctx, `INSERT INTO daily_logins (user_id, day, count) VALUES ($1, current_date, 1) ON CONFLICT (user_id, day) DO UPDATE SET count = EXCLUDED.count`, userID) // want `upsert resets daily_logins\.count to 1 when the row exists: a retried or duplicate insert undoes increments made since; add to it instead: count = daily_logins\.count \+ EXCLUDED\.count`
	return err
}

// ok: the seed's right form.
func RecordLoginAtomic(ctx context.Context, db *sql.DB, userID int64) error {
	_, err := db.ExecContext(ctx, `INSERT INTO daily_logins (user_id, day, count) VALUES ($1, current_date, 1) ON CONFLICT (user_id, day) DO UPDATE SET count = daily_logins.count + EXCLUDED.count`, userID)
	return err
}

// ok: count = count + 1 is an increment too.
func RecordLoginPlusOne(ctx context.Context, db *sql.DB, userID int64) error {
	_, err := db.ExecContext(ctx, `INSERT INTO daily_logins AS d (user_id, day, count) VALUES ($1, current_date, 1) ON CONFLICT (user_id, day) DO UPDATE SET count = d.count + 1`, userID)
	return err
}

// A re-enqueue that resets a running job: status and attempts constants in
// DO UPDATE over constants inserted.
func Enqueue(ctx context.Context, db *sql.DB, key string, payload []byte) error {
	_, err := db.ExecContext(ctx, `INSERT INTO jobs (key, payload, status, attempts) VALUES ($1, $2, 'queued', 0) ON CONFLICT (key) DO UPDATE SET payload = EXCLUDED.payload, status = 'queued', attempts = 0`, key, payload) // want `upsert resets jobs\.status to 'queued' and jobs\.attempts to 0 when the row exists`
	return err
}

// ok: a constant in DO UPDATE over the caller's value is a setter, not a
// reset of what the insert started.
func Touch(ctx context.Context, db *sql.DB, key string, seen time.Time) error {
	_, err := db.ExecContext(ctx, `INSERT INTO devices (token, seen_at) VALUES ($1, $2) ON CONFLICT (token) DO UPDATE SET seen_at = now()`, key, seen)
	return err
}

// A user profile refreshed from the identity provider rewrites when the
// account was created.
func UpsertUser(ctx context.Context, db *sql.DB, email, name string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO users (email, name, created_at) VALUES ($1, $2, now()) ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, created_at = EXCLUDED.created_at`, email, name) // want `upsert overwrites users\.created_at when the row exists: a retried or duplicate insert rewrites when \(or by whom\) the row was created; leave created_at out of DO UPDATE`
	return err
}

// ok: the explicit list keeps created_at.
func UpsertUserKeepCreated(ctx context.Context, db *sql.DB, email, name string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO users (email, name, created_at) VALUES ($1, $2, now()) ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, updated_at = now()`, email, name)
	return err
}

// ok: COALESCE keeps the first value.
func UpsertUserCoalesce(ctx context.Context, db *sql.DB, email, name string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO users (email, name, first_seen_at) VALUES ($1, $2, now()) ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, first_seen_at = COALESCE(users.first_seen_at, EXCLUDED.first_seen_at)`, email, name)
	return err
}

// ok: DO NOTHING on a business key.
func ClaimDelivery(ctx context.Context, db *sql.DB, deliveryID string) (bool, error) {
	res, err := db.ExecContext(ctx, `INSERT INTO deliveries (delivery_id) VALUES ($1) ON CONFLICT (delivery_id) DO NOTHING`, deliveryID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// A lease row: re-registering a worker clears whoever holds the lock.
func RegisterLease(ctx context.Context, db *sql.DB, name string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO leases (name, locked_by, locked_until) VALUES ($1, NULL, NULL) ON CONFLICT (name) DO UPDATE SET locked_by = EXCLUDED.locked_by, locked_until = EXCLUDED.locked_until`, name) // want `upsert resets leases\.locked_by to NULL and leases\.locked_until to NULL when the row exists`
	return err
}

// ok: NULL into a column that holds no progress (a note) is data.
func ClearNote(ctx context.Context, db *sql.DB, name string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO leases (name, note) VALUES ($1, NULL) ON CONFLICT (name) DO UPDATE SET note = EXCLUDED.note`, name)
	return err
}

// ok: a constant 0 in a configuration column is not a counter.
func SetPriority(ctx context.Context, db *sql.DB, name string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO queues (name, priority) VALUES ($1, 0) ON CONFLICT (name) DO UPDATE SET priority = EXCLUDED.priority`, name)
	return err
}

// The status is a Go constant bound to the placeholder: still an initial
// value, not the caller's data.
func CreateOrderBound(ctx context.Context, db *sql.DB, id int64) error {
	const pending = "pending"
	_, err := db.ExecContext(ctx, `INSERT INTO orders (id, status) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status`, id, pending) // want `upsert resets orders\.status to 'pending'`
	return err
}

// Suppressed, with the reason.
func Requeue(ctx context.Context, db *sql.DB, key string) error {
	//idemvet:ignore upsert requeueing a failed job resets it to queued by design
	_, err := db.ExecContext(ctx, `INSERT INTO jobs (key, status) VALUES ($1, 'queued') ON CONFLICT (key) DO UPDATE SET status = EXCLUDED.status`, key)
	return err
}

// ok: a resend marks the code unsent on purpose; the insert leaves sent to
// its default, so the constant is a deliberate reset, not a copy.
func ResendCode(ctx context.Context, db *sql.DB, id, contact int64, code string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO verification_codes (id, contact_id, code, expires_at) VALUES ($1, $2, $3, now() + '15 minutes'::interval) ON CONFLICT (contact_id) DO UPDATE SET sent = false, expires_at = EXCLUDED.expires_at`, id, contact, code)
	return err
}

// ok: a mirror of the payment provider's object: created is the
// provider's, passed on every sync.
func MirrorCharge(ctx context.Context, db *sql.DB, id string, amount int64, created time.Time) error {
	_, err := db.ExecContext(ctx, `INSERT INTO stripe_charges (id, amount, created) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET amount = EXCLUDED.amount, created = EXCLUDED.created`, id, amount, created)
	return err
}
