package repo

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Post struct {
	ID        int64
	ViewCount int64
}

type Posts struct{ pool *pgxpool.Pool }

func (r *Posts) Get(ctx context.Context, id int64) (Post, error) {
	var p Post
	err := r.pool.QueryRow(ctx, "SELECT id, view_count FROM posts WHERE id = $1", id).Scan(&p.ID, &p.ViewCount)
	return p, err
}

func (r *Posts) SetViews(ctx context.Context, id, views int64) error {
	_, err := r.pool.Exec(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views, id)
	return err
}

func (r *Posts) Increment(ctx context.Context, id int64) error {
	_, err := r.pool.Exec(ctx, "UPDATE posts SET view_count = view_count + 1 WHERE id = $1", id)
	return err
}
