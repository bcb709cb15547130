// Package creationnow holds creation columns the insert fills with Go's
// time.Now(): the insert's own time, as now() is.
package creationnow

import (
	"context"
	"database/sql"
	"time"
)

type Device struct {
	ID        string
	Name      string
	CreatedAt time.Time // the source's creation time
}

// The registration time is rewritten by every re-registration.
func Register(ctx context.Context, db *sql.DB, id, name string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO devices (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, created_at = EXCLUDED.created_at`, id, name, time.Now()) // want `upsert overwrites devices\.created_at when the row exists: a retried or duplicate insert rewrites when \(or by whom\) the row was created; leave created_at out of DO UPDATE`
	return err
}

// The same through a local, in UTC, shared with updated_at (MySQL).
func RegisterMySQL(ctx context.Context, db *sql.DB, id, name string) error {
	now := time.Now().UTC()
	_, err := db.ExecContext(ctx, "INSERT INTO devices (id, name, created_at, updated_at) VALUES (?, ?, ?, ?) ON DUPLICATE KEY UPDATE name = VALUES(name), created_at = VALUES(created_at), updated_at = VALUES(updated_at)", id, name, now, now) // want `upsert overwrites devices\.created_at`
	return err
}

// ok: the time.Now() goes to updated_at only; created_at is kept.
func Touch(ctx context.Context, db *sql.DB, id, name string) error {
	now := time.Now()
	_, err := db.ExecContext(ctx, `INSERT INTO devices (id, name, created_at, updated_at) VALUES ($1, $2, $3, $3) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, updated_at = EXCLUDED.updated_at`, id, name, now)
	return err
}

// ok: a sync carries the source's creation time, the same on every
// delivery.
func Mirror(ctx context.Context, db *sql.DB, d Device) error {
	_, err := db.ExecContext(ctx, `INSERT INTO devices (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, created_at = EXCLUDED.created_at`, d.ID, d.Name, d.CreatedAt)
	return err
}

// ok: a time the caller computed from its own data.
func Backfill(ctx context.Context, db *sql.DB, id string, seen time.Time) error {
	_, err := db.ExecContext(ctx, `INSERT INTO devices (id, created_at) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET created_at = EXCLUDED.created_at`, id, seen.Truncate(time.Hour))
	return err
}
