// Package sarifmod is converted to SARIF by the tests: a lost update with a
// related location and a suggested fix, one after non-ASCII text on its
// line, and a stale directive.
package sarifmod

import (
	"context"
	"database/sql"
)

func View(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id)
}

func Like(ctx context.Context, db *sql.DB, id int64) {
	var likes int
	db.QueryRowContext(ctx, "SELECT likes FROM posts WHERE id = $1", id).Scan(&likes)
	/* «👍» */ db.ExecContext(ctx, "UPDATE posts SET likes = $1 WHERE id = $2", likes+1, id)
}

func Atomic(ctx context.Context, db *sql.DB, id int64) {
	//idemvet:ignore lostupdate made atomic since
	db.ExecContext(ctx, "UPDATE posts SET view_count = view_count + 1 WHERE id = $1", id)
}
