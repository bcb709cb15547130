package consumenull

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

var ErrUsed = errors.New("code already used")

// UseCode marks the one-time code used only while it is unused (used_at IS
// NULL), but never reads the count: a second request matches no row, gets
// no error, and signs in again.
func UseCode(ctx context.Context, db *sql.DB, id int64) error {
	if _, err := db.ExecContext(ctx, "UPDATE login_codes SET used_at = $1 WHERE id = $2 AND used_at IS NULL", time.Now(), id); err != nil { // want `compare-and-set on login_codes\.used_at ignores rows affected`
		return err
	}
	_, err := db.ExecContext(ctx, "INSERT INTO sessions (code_id) VALUES ($1)", id)
	return err
}

// ---- silent ----

// UseCodeChecked stops when another request used the code first.
func UseCodeChecked(ctx context.Context, db *sql.DB, id int64) error {
	res, err := db.ExecContext(ctx, "UPDATE login_codes SET used_at = $1 WHERE id = $2 AND used_at IS NULL", time.Now(), id) // ok: the count is checked
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrUsed
	}
	_, err = db.ExecContext(ctx, "INSERT INTO sessions (code_id) VALUES ($1)", id)
	return err
}

// Archive scopes its update to live rows: deleted_at IS NULL is no guard
// of the column it sets.
func Archive(ctx context.Context, db *sql.DB, id int64, title string) error {
	if _, err := db.ExecContext(ctx, "UPDATE notes SET title = $1 WHERE id = $2 AND deleted_at IS NULL", title, id); err != nil { // ok: deleted_at is not set
		return err
	}
	_, err := db.ExecContext(ctx, "INSERT INTO note_events (note_id) VALUES ($1)", id)
	return err
}

// Release clears a holder still set: zero rows means it is no longer held.
func Release(ctx context.Context, db *sql.DB, name string) error {
	_, err := db.ExecContext(ctx, "UPDATE locks SET holder = NULL WHERE name = $1 AND holder IS NOT NULL", name) // ok: a release
	return err
}
