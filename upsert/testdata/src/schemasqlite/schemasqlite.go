// Package schemasqlite holds SQLite conflicts checked against its schema.
package schemasqlite

import (
	"context"
	"database/sql"
)

// INTEGER PRIMARY KEY is the rowid: the insert never conflicts.
func AddNote(ctx context.Context, db *sql.DB, body string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO notes (body) VALUES (?) ON CONFLICT DO NOTHING", body) // want `ON CONFLICT DO NOTHING on notes can never conflict: its only unique key, id \(INTEGER PRIMARY KEY\), is generated`
	return err
}

// ok: links has UNIQUE (url).
func AddLink(ctx context.Context, db *sql.DB, url string) error {
	_, err := db.ExecContext(ctx, "INSERT OR IGNORE INTO links (url) VALUES (?)", url)
	return err
}

// SQLite's ON CONFLICT target must match a key too.
func AddNoteByBody(ctx context.Context, db *sql.DB, body string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO notes (body) VALUES (?) ON CONFLICT (body) DO NOTHING", body) // want `ON CONFLICT \(body\) matches no unique index or constraint of notes`
	return err
}

// REPLACE of a link resets its title and click count.
func SaveLink(ctx context.Context, db *sql.DB, url string) error {
	_, err := db.ExecContext(ctx, "INSERT OR REPLACE INTO links (url) VALUES (?)", url) // want `REPLACE INTO links deletes the existing row and inserts a new one: title and clicks, which it does not list, fall back to their defaults; its generated id changes`
	return err
}

// ok: every column listed, the new change id is the point, nothing
// references the row.
func BumpKeyChange(ctx context.Context, db *sql.DB, user string) error {
	_, err := db.ExecContext(ctx, "INSERT OR REPLACE INTO key_changes (user_id) VALUES ($1)", user)
	return err
}
