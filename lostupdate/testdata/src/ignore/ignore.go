// Package ignore holds lost updates suppressed with //idemvet:ignore, and
// directives that suppress nothing.
package ignore

import (
	"context"
	"database/sql"
)

func Suppressed(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	//idemvet:ignore lostupdate views are approximate; a lost increment is acceptable
	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id)
}

func SuppressedMultiLine(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	//idemvet:ignore lostupdate,noversion views are approximate
	db.ExecContext(ctx,
		"UPDATE posts SET view_count = $1 WHERE id = $2",
		views+1, id)
}

func Stale(ctx context.Context, db *sql.DB, id int64) {
	// want +1 `this idemvet:ignore directive for lostupdate matched no finding; remove it`
	//idemvet:ignore lostupdate fixed: the update is atomic now
	db.ExecContext(ctx, "UPDATE posts SET view_count = view_count + 1 WHERE id = $1", id)
}

func NoReason(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	// want +1 `malformed idemvet:ignore directive: the reason is missing`
	//idemvet:ignore lostupdate
	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id) // want `lost update on posts.view_count`
}
