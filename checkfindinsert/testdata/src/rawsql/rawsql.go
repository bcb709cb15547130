package rawsql

import (
	"context"
	"database/sql"
	"errors"

	"github.com/lib/pq"
)

var ErrTaken = errors.New("email taken")

// Early return on "found", then insert: the classic shape.
func Register(ctx context.Context, db *sql.DB, email, name string) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id)
	if err == nil {
		return ErrTaken
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO users (email, name) VALUES ($1, $2)", email, name) // want `check-then-insert on users\(email\): a concurrent request can insert between the lookup at rawsql.go:16 and this insert`
	return err
}

// If/else on ErrNoRows.
func RegisterElse(ctx context.Context, db *sql.DB, email string) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1 LIMIT 1", email).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = db.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email) // want `check-then-insert on users\(email\)`
		return err
	} else if err != nil {
		return err
	}
	return ErrTaken
}

// COUNT(*) decides.
func Redeem(ctx context.Context, db *sql.DB, code string, userID int64) error {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM redemptions WHERE coupon_code = $1 AND user_id = $2", code, userID).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return errors.New("already redeemed")
	}
	_, err := db.ExecContext(ctx, "INSERT INTO redemptions (coupon_code, user_id) VALUES ($1, $2)", code, userID) // want `check-then-insert on redemptions\(coupon_code, user_id\)`
	return err
}

// EXISTS decides, with ? placeholders.
func Book(ctx context.Context, db *sql.DB, seat, event int64) error {
	var taken bool
	if err := db.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM bookings WHERE seat_id = ? AND event_id = ?)", seat, event).Scan(&taken); err != nil {
		return err
	}
	if !taken {
		_, err := db.ExecContext(ctx, "INSERT INTO bookings (seat_id, event_id) VALUES (?, ?)", seat, event) // want `check-then-insert on bookings\(seat_id, event_id\)`
		return err
	}
	return nil
}

// A helper answers "exists?"; the insert is in the caller.
func emailExists(ctx context.Context, db *sql.DB, email string) (bool, error) {
	var n int
	err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM users WHERE email = $1", email).Scan(&n)
	return n > 0, err
}

func RegisterViaHelper(ctx context.Context, db *sql.DB, email string) error {
	exists, err := emailExists(ctx, db, email)
	if err != nil {
		return err
	}
	if exists {
		return ErrTaken
	}
	return insertUser(ctx, db, email) // want `check-then-insert on users\(email\): a concurrent request can insert between the lookup by rawsql.emailExists at rawsql.go:74`
}

func insertUser(ctx context.Context, db *sql.DB, email string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email) // ok: no check here; correct callers use it too
	return err
}

// ---- silent ----

// ON CONFLICT makes the insert itself conditional.
func RegisterOnConflict(ctx context.Context, db *sql.DB, email string) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id)
	if err == nil {
		return ErrTaken
	}
	_, err = db.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1) ON CONFLICT (email) DO NOTHING", email) // ok: ON CONFLICT
	return err
}

// The pre-check is kept for a friendly message; the violation is handled.
func RegisterHandled(ctx context.Context, db *sql.DB, email string) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id)
	if err == nil {
		return ErrTaken
	}
	_, err = db.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email) // ok: unique violation handled below
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code == "23505" {
		return ErrTaken
	}
	return err
}

// A read by a different key than the insert's.
func RegisterOtherKey(ctx context.Context, db *sql.DB, id int64, email string) error {
	var x int64
	err := db.QueryRowContext(ctx, "SELECT id FROM users WHERE id = $1", id).Scan(&x)
	if err == nil {
		return ErrTaken
	}
	_, err = db.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email) // ok: the check looked up id, the insert writes email
	return err
}

// A read of another table.
func AuditIfMissing(ctx context.Context, db *sql.DB, email string) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM blocklist WHERE email = $1", email).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = db.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email) // ok: the check read blocklist
	}
	return err
}

// The same key but a different value.
func Invite(ctx context.Context, db *sql.DB, inviter, invitee string) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", inviter).Scan(&id)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", invitee) // ok: inserts another email, only after the inviter was found
	return err
}

// The insert runs whether or not the row was found.
func Touch(ctx context.Context, db *sql.DB, email string) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id)
	_ = err
	_, err = db.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email) // ok: not decided by the lookup
	return err
}

// The check is followed by an UPDATE, not an INSERT.
func Rename(ctx context.Context, db *sql.DB, email, name string) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE users SET name = $1 WHERE id = $2", name, id) // ok: an update
	return err
}

// Check and insert in one SERIALIZABLE transaction.
func RegisterSerializable(ctx context.Context, db *sql.DB, email string) error {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	err = tx.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id)
	if err == nil {
		return ErrTaken
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email); err != nil { // ok: serializable
		return err
	}
	return tx.Commit()
}

// An advisory lock on the key serializes the writers.
func RegisterAdvisory(ctx context.Context, db *sql.DB, email string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtext($1))", email); err != nil {
		return err
	}
	var id int64
	err = tx.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id)
	if err == nil {
		return ErrTaken
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email); err != nil { // ok: advisory lock held
		return err
	}
	return tx.Commit()
}

// The parent event row is locked before its bookings are checked.
func BookLocked(ctx context.Context, db *sql.DB, seat, event int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var cap int
	if err := tx.QueryRowContext(ctx, "SELECT capacity FROM events WHERE id = $1 FOR UPDATE", event).Scan(&cap); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM bookings WHERE seat_id = $1 AND event_id = $2", seat, event).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		if _, err := tx.ExecContext(ctx, "INSERT INTO bookings (seat_id, event_id) VALUES ($1, $2)", seat, event); err != nil { // ok: parent row locked
			return err
		}
	}
	return tx.Commit()
}

// An append-only insert with no check.
func Log(ctx context.Context, db *sql.DB, msg string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events_log (msg) VALUES ($1)", msg) // ok: no check
	return err
}
