// Package paramreuse holds DO UPDATE assignments that reuse the
// placeholder VALUES gives the same column: SET status = $2 is
// SET status = EXCLUDED.status.
package paramreuse

import (
	"context"
	"database/sql"
	"time"
)

const StatusQueued = "queued"

// The job is queued again by a duplicate enqueue: $2 is the Go constant.
func Enqueue(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO jobs (id, status) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET status = $2`, id, StatusQueued) // want `upsert resets jobs\.status to 'queued' when the row exists: a retried or duplicate insert undoes transitions made since; leave status out of DO UPDATE, or update it only WHERE jobs\.status = 'queued'`
	return err
}

// created_at rewritten with this insert's time.Now().
func Touch(ctx context.Context, db *sql.DB, id, name string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO devices (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET name = $2, created_at = $3`, id, name, time.Now()) // want `upsert overwrites devices\.created_at when the row exists`
	return err
}

// ok: the caller's status, its new data.
func Sync(ctx context.Context, db *sql.DB, id, status string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO jobs (id, status) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET status = $2`, id, status)
	return err
}

// ok: a constant the insert does not give: $3 is another placeholder.
func Requeue(ctx context.Context, db *sql.DB, id, status string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO jobs (id, status) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET status = $3`, id, status, StatusQueued)
	return err
}

// MySQL: each ? binds its own argument, here the same constant as the
// status VALUES gives.
func EnqueueMySQL(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO jobs (id, status) VALUES (?, ?) ON DUPLICATE KEY UPDATE status = ?", id, StatusQueued, StatusQueued) // want `upsert resets jobs\.status to 'queued' when the row exists`
	return err
}

// ok: MySQL with the caller's value bound twice.
func SyncMySQL(ctx context.Context, db *sql.DB, id, status string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO jobs (id, status) VALUES (?, ?) ON DUPLICATE KEY UPDATE status = ?", id, status, status)
	return err
}

// ok: the ? of DO UPDATE is another value than the status VALUES gives (an
// equal constant bound to another column says nothing).
func RetryMySQL(ctx context.Context, db *sql.DB, id string, status string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO jobs (id, kind, status) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE status = ?", id, StatusQueued, status, StatusQueued)
	return err
}
