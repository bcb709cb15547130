// Package repo counts and inserts API tokens.
package repo

import (
	"context"
	"database/sql"
)

type Repo struct{ db *sql.DB }

func (r *Repo) CountTokens(ctx context.Context, user int64) (int, error) {
	var n int
	err := r.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM tokens WHERE user_id = $1 AND revoked_at IS NULL", user).Scan(&n)
	return n, err
}

func (r *Repo) InsertToken(ctx context.Context, user int64, hash string) error {
	_, err := r.db.ExecContext(ctx, "INSERT INTO tokens (user_id, hash) VALUES ($1, $2)", user, hash)
	return err
}
