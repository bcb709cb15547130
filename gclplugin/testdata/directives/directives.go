// Package directives is linted by the golangci-lint end-to-end test:
// suppression and directive reports work in the plugin as standalone.
package directives

import (
	"context"
	"database/sql"
)

func Reported(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id)
}

func Suppressed(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	//idemvet:ignore lostupdate views are approximate
	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id)
}

func NoLint(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id) //nolint:idemvet // views are approximate
}

func Stale(ctx context.Context, db *sql.DB, id int64) {
	//idemvet:ignore lostupdate fixed since
	db.ExecContext(ctx, "UPDATE posts SET view_count = view_count + 1 WHERE id = $1", id)
}

func NoReason(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	//idemvet:ignore lostupdate
	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id)
}
