// Package sqlite holds SQLite upserts run through database/sql.
package sqlite

import (
	"context"
	"database/sql"
)

// ok: INSERT OR REPLACE of a cache row, no schema to say what it loses.
func CacheToken(ctx context.Context, db *sql.DB, user, token string) error {
	_, err := db.ExecContext(ctx, "INSERT OR REPLACE INTO tokens (user, token) VALUES (?, ?)", user, token)
	return err
}

// A sync cursor reset to 0 by a duplicate registration.
func RegisterFeed(ctx context.Context, db *sql.DB, url string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO feeds (url, fetch_count) VALUES (?, 0) ON CONFLICT (url) DO UPDATE SET fetch_count = excluded.fetch_count", url) // want `upsert resets feeds\.fetch_count to 0 when the row exists: a retried or duplicate insert undoes increments made since; add to it instead: fetch_count = feeds\.fetch_count \+ EXCLUDED\.fetch_count`
	return err
}

// ok: SQLite's upsert with the caller's value and a guard.
func SetTitle(ctx context.Context, db *sql.DB, url, title string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO feeds (url, title) VALUES (?, ?) ON CONFLICT (url) DO UPDATE SET title = excluded.title WHERE title IS NOT excluded.title", url, title)
	return err
}

// ok: INSERT OR IGNORE keeps the row.
func Remember(ctx context.Context, db *sql.DB, url string) error {
	_, err := db.ExecContext(ctx, "INSERT OR IGNORE INTO seen (url) VALUES (?)", url)
	return err
}

// ok: ON CONFLICT DO NOTHING without a target, no schema to judge it.
func Mark(ctx context.Context, db *sql.DB, url string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO seen (url) VALUES (?) ON CONFLICT DO NOTHING", url)
	return err
}
