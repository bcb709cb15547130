package svc

import (
	"context"

	"crosspkg/repo"
)

type Service struct{ posts *repo.Posts }

func (s *Service) View(ctx context.Context, id int64) error {
	p, err := s.posts.Get(ctx, id)
	if err != nil {
		return err
	}
	return s.posts.SetViews(ctx, id, p.ViewCount+1) // want `lost update on posts.view_count: the value read at svc.go:12 \(by repo.Posts.Get\)`
}

// ---- silent ----

func (s *Service) ViewAtomic(ctx context.Context, id int64) error {
	return s.posts.Increment(ctx, id) // ok: atomic
}

func (s *Service) Restore(ctx context.Context, id, views int64) error {
	if _, err := s.posts.Get(ctx, id); err != nil {
		return err
	}
	return s.posts.SetViews(ctx, id, views) // ok: the caller's value
}
