package schemaversion

import (
	"context"
	"database/sql"
)

func Rename(ctx context.Context, db *sql.DB, id int64, title string) error {
	_, err := db.ExecContext(ctx, "UPDATE documents SET title = $1 WHERE id = $2", title, id) // want `update of documents without a version check: concurrent edits overwrite each other silently`
	return err
}
