// Package rawsqlfix holds raw SQL lost updates with a constant delta: the
// fix rewrites the SQL literal to an atomic update and the argument to the
// delta where that is local and certain.
package rawsqlfix

import (
	"context"
	"database/sql"
)

func Dollar(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id) // want `lost update on posts.view_count`
}

func Question(ctx context.Context, db *sql.DB, sku string) {
	var stock int
	db.QueryRowContext(ctx, "SELECT stock FROM products WHERE sku = ?", sku).Scan(&stock)
	db.ExecContext(ctx, "UPDATE products SET stock=? WHERE sku = ?", (stock - 2), sku) // want `lost update on products.stock`
}

func RawString(ctx context.Context, db *sql.DB, id int64) {
	var n int
	db.QueryRowContext(ctx, `SELECT likes FROM posts WHERE id = $1`, id).Scan(&n)
	// want +1 `lost update on posts.likes`
	db.ExecContext(ctx, `
		UPDATE posts
		SET likes = $2, updated_at = now()
		WHERE id = $1`, id, n+10)
}

const bump = "UPDATE posts SET view_count = $1 WHERE id = $2"

// A constant may be shared by other statements: message only.
func SharedConst(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	db.ExecContext(ctx, bump, views+1, id) // want `lost update on posts.view_count`
}

// The delta is not a constant: message only.
func Variable(ctx context.Context, db *sql.DB, id int64, by int) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+by, id) // want `lost update on posts.view_count`
}

// The new value is computed before the call: message only.
func Computed(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	views++
	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views, id) // want `lost update on posts.view_count`
}

// A quoted column is left alone: message only.
func Quoted(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, `SELECT "view_count" FROM posts WHERE id = $1`, id).Scan(&views)
	db.ExecContext(ctx, `UPDATE posts SET "view_count" = $1 WHERE id = $2`, views+1, id) // want `lost update on posts.view_count`
}

// An escape in the literal: message only.
func Escaped(ctx context.Context, db *sql.DB, id int64) {
	var views int
	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
	db.ExecContext(ctx, "UPDATE posts\tSET view_count = $1 WHERE id = $2", views+1, id) // want `lost update on posts.view_count`
}
