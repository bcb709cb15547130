package schemaversion

import (
	"context"
	"database/sql"
)

func Rename(ctx context.Context, db *sql.DB, id int64, title string) error {
	_, err := db.ExecContext(ctx, "UPDATE documents SET title = $1 WHERE id = $2", title, id) // want `update of documents without a version check: concurrent edits overwrite each other silently`
	return err
}

// pipelines has a version column, but its writers only count changes
// with it: none checks it, so it is no optimistic lock to bypass.
func Disable(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, "UPDATE pipelines SET enabled = false, version = version + 1 WHERE id = $1", id) // ok: the version counts changes
	return err
}

func StoreState(ctx context.Context, db *sql.DB, id string, last int64) error {
	_, err := db.ExecContext(ctx, "UPDATE pipelines SET last_log_id = $1 WHERE id = $2", last, id) // ok: no writer checks pipelines.version
	return err
}
