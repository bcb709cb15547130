package svc

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"sqlcposts/db"
)

type Service struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

func (s *Service) View(ctx context.Context, id int64) error {
	p, err := s.q.GetPost(ctx, id)
	if err != nil {
		return err
	}
	return s.q.SetPostViews(ctx, db.SetPostViewsParams{ID: id, ViewCount: p.ViewCount + 1}) // want `lost update on posts.view_count: the value read at svc.go:18 \(by db.Queries.GetPost\)`
}

// ---- silent ----

func (s *Service) ViewAtomic(ctx context.Context, id int64) error {
	return s.q.IncrementViews(ctx, id) // ok: atomic in the query
}

func (s *Service) ViewLocked(ctx context.Context, id int64) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		p, err := q.GetPostForUpdate(ctx, id)
		if err != nil {
			return err
		}
		return q.SetPostViews(ctx, db.SetPostViewsParams{ID: id, ViewCount: p.ViewCount + 1}) // ok: FOR UPDATE in the same transaction
	})
}
