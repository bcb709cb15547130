// Package resetfix holds the suggested fix of "reset" for event counters:
// the value adds to the existing count.
package resetfix

import (
	"context"
	"database/sql"
)

func Login(ctx context.Context, db *sql.DB, userID int64) error {
	_, err := db.ExecContext(ctx, `INSERT INTO daily_logins (user_id, day, count) VALUES ($1, current_date, 1) ON CONFLICT (user_id, day) DO UPDATE SET count = EXCLUDED.count`, userID) // want `upsert resets daily_logins\.count to 1`
	return err
}

// The table's alias qualifies the existing value.
func LoginAlias(ctx context.Context, db *sql.DB, userID int64) error {
	_, err := db.ExecContext(ctx, // want `upsert resets daily_logins\.count to 1 when the row exists: a retried or duplicate insert undoes increments made since; add to it instead: count = l\.count \+ EXCLUDED\.count`
		`INSERT INTO daily_logins AS l (user_id, day, count) VALUES ($1, current_date, 1)
		ON CONFLICT (user_id, day) DO UPDATE SET count = 1`, userID)
	return err
}

// MySQL: the bare column is the existing value.
func View(ctx context.Context, db *sql.DB, pageID int64) error {
	_, err := db.ExecContext(ctx, "INSERT INTO page_views (page_id, views) VALUES (?, 1) ON DUPLICATE KEY UPDATE views = VALUES(views)", pageID) // want `upsert resets page_views\.views to 1`
	return err
}

// No fix: attempts is reset to 0 on a re-enqueue; adding is not certain.
func Enqueue(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO jobs (id, attempts) VALUES ($1, 0) ON CONFLICT (id) DO UPDATE SET attempts = EXCLUDED.attempts`, id) // want `upsert resets jobs\.attempts to 0`
	return err
}

// No fix: a quoted table name.
func Quoted(ctx context.Context, db *sql.DB, userID int64) error {
	_, err := db.ExecContext(ctx, `INSERT INTO "DailyLogins" (user_id, day, count) VALUES ($1, current_date, 1) ON CONFLICT (user_id, day) DO UPDATE SET count = EXCLUDED.count`, userID) // want `upsert resets .*count to 1`
	return err
}

// ok: the seed's right form, no finding.
func LoginAtomic(ctx context.Context, db *sql.DB, userID int64) error {
	_, err := db.ExecContext(ctx, `INSERT INTO daily_logins (user_id, day, count) VALUES ($1, current_date, 1) ON CONFLICT (user_id, day) DO UPDATE SET count = daily_logins.count + EXCLUDED.count`, userID)
	return err
}
