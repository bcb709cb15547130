package sqlxdocs

import (
	"context"
	"errors"

	"github.com/jmoiron/sqlx"
)

type Doc struct {
	ID      int64  `db:"id"`
	Title   string `db:"title"`
	Version int64  `db:"version"`
}

func Save(ctx context.Context, db *sqlx.DB, d Doc) error {
	res, err := db.NamedExecContext(ctx, "UPDATE docs SET title = :title, version = version + 1 WHERE id = :id AND version = :version", d) // ok: versioned and checked
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errors.New("conflict")
	}
	return nil
}

func Rename(ctx context.Context, db *sqlx.DB, d Doc) error {
	_, err := db.NamedExecContext(ctx, "UPDATE docs SET title = :title WHERE id = :id", d) // want `update of docs without a version check \(other updates of docs check version\)`
	return err
}

func Publish(ctx context.Context, db *sqlx.DB, id int64) error {
	_ = db.MustExecContext(ctx, "UPDATE posts SET state = 'published', published_by = ? WHERE id = ? AND state = 'draft'", "editor", id) // want `compare-and-set on posts.state ignores rows affected`
	return nil
}
