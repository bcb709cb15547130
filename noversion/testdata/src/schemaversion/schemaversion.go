package schemaversion

import (
	"context"
	"database/sql"
)

// The editor loads the version with the document.
func Load(ctx context.Context, db *sql.DB, id int64) (title string, version int64, err error) {
	err = db.QueryRowContext(ctx, "SELECT title, version FROM documents WHERE id = $1", id).Scan(&title, &version)
	return title, version, err
}

func Rename(ctx context.Context, db *sql.DB, id int64, title string) error {
	_, err := db.ExecContext(ctx, "UPDATE documents SET title = $1 WHERE id = $2", title, id) // want `update of documents without a version check: concurrent edits overwrite each other silently`
	return err
}

// pipelines has a version column, but its writers only count changes
// with it: none checks it, so it is no optimistic lock to bypass.
// (StoreState alone, with no code reading the version, is silent too.)
func Disable(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, "UPDATE pipelines SET enabled = false, version = version + 1 WHERE id = $1", id) // ok: the version counts changes
	return err
}

func StoreState(ctx context.Context, db *sql.DB, id string, last int64) error {
	_, err := db.ExecContext(ctx, "UPDATE pipelines SET last_log_id = $1 WHERE id = $2", last, id) // ok: no writer checks pipelines.version
	return err
}

// No code in view reads, checks or sets exporters.version.
func Reconfigure(ctx context.Context, db *sql.DB, id string, config []byte) error {
	_, err := db.ExecContext(ctx, "UPDATE exporters SET config = $1 WHERE id = $2", config, id) // ok: the version is never read here
	return err
}

// Publish overwrites the status a concurrent editor may have changed.
func Publish(ctx context.Context, db *sql.DB, id int64, userID string) error {
	_, err := db.ExecContext(ctx, "UPDATE documents SET status = 'published', updated_by = $2 WHERE id = $1", id, userID) // want `update of documents without a version check`
	return err
}

// Archive is a soft delete: whatever a concurrent edit changed, the
// document is archived either way.
func Archive(ctx context.Context, db *sql.DB, id int64, userID string) error {
	_, err := db.ExecContext(ctx, "UPDATE documents SET status = 'archived', updated_by = $2, updated_at = now() WHERE id = $1 AND status = 'published'", id, userID) // ok: a soft delete, the row's end
	return err
}

// The version of a key backup names which backup of the user's: the
// update picks the row by it and keeps it.
func SetAuthData(ctx context.Context, db *sql.DB, userID string, version int64, auth string) error {
	_, err := db.ExecContext(ctx, "UPDATE key_backups SET auth_data = $1 WHERE user_id = $2 AND version = $3", auth, userID, version) // ok: version is part of the key
	return err
}

// A draft's version counts its edits: checking it without bumping it lets
// the next writer with the same version in.
func SaveDraft(ctx context.Context, db *sql.DB, id, version int64, body string) error {
	_, err := db.ExecContext(ctx, "UPDATE drafts SET body = $1 WHERE id = $2 AND version = $3", body, id, version) // want `update of drafts checks version but does not bump it`
	return err
}
