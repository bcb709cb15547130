// Package posts counts post views. Service goes through the PostRepository
// interface; Counter uses sqlstore.Posts directly; Feed uses sqlc (pgx).
package posts

import (
	"context"

	"github.com/idemvet/idemvet/testdata/e2e/internal/db/pgxq"
	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
	"github.com/idemvet/idemvet/testdata/e2e/internal/store/sqlstore"
)

type PostRepository interface {
	GetPost(ctx context.Context, id int64) (*domain.Post, error)
	SetViews(ctx context.Context, id, views int64) error
	IncrementViews(ctx context.Context, id, by int64) error
}

type Service struct {
	posts PostRepository
}

func New(posts PostRepository) *Service { return &Service{posts: posts} }

// RecordView reads the post through the repository, adds one in the
// service and writes it back through the repository.
func (s *Service) RecordView(ctx context.Context, id int64) (*domain.Post, error) {
	p, err := s.posts.GetPost(ctx, id)
	if err != nil {
		return nil, err
	}
	p.ViewCount++
	if err := s.posts.SetViews(ctx, id, p.ViewCount); err != nil { // HAZARD(lostupdate)
		return nil, err
	}
	return p, nil
}

// RecordViewAtomic reads for the response and increments in SQL.
func (s *Service) RecordViewAtomic(ctx context.Context, id int64) (*domain.Post, error) {
	p, err := s.posts.GetPost(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := s.posts.IncrementViews(ctx, id, 1); err != nil { // SAFE(lostupdate): the repository increments in SQL
		return nil, err
	}
	p.ViewCount++
	return p, nil
}

// Counter uses the concrete repository of package sqlstore.
type Counter struct {
	Posts *sqlstore.Posts
}

// AddViews batches n views: read, add, write.
func (c *Counter) AddViews(ctx context.Context, id, n int64) error {
	p, err := c.Posts.GetPost(ctx, id)
	if err != nil {
		return err
	}
	return c.Posts.SetViews(ctx, id, p.ViewCount+n) // HAZARD(lostupdate)
}

// ResetViews writes a constant after checking the post exists.
func (c *Counter) ResetViews(ctx context.Context, id int64) error {
	if _, err := c.Posts.GetPost(ctx, id); err != nil {
		return err
	}
	return c.Posts.SetViews(ctx, id, 0) // SAFE(lostupdate): constant, not derived from the row
}

// Feed serves posts through sqlc's pgx/v5 queries.
type Feed struct {
	Q *pgxq.Queries
}

// Open returns the post and counts the view: GetPost, then
// UpdatePostViews with the row's count plus one.
func (f *Feed) Open(ctx context.Context, id int64) (pgxq.GetPostRow, error) {
	row, err := f.Q.GetPost(ctx, id)
	if err != nil {
		return row, err
	}
	err = f.Q.UpdatePostViews(ctx, pgxq.UpdatePostViewsParams{ID: id, ViewCount: row.ViewCount + 1}) // HAZARD(lostupdate)
	return row, err
}

// OpenAtomic uses the IncrementPostViews query.
func (f *Feed) OpenAtomic(ctx context.Context, id int64) (pgxq.GetPostRow, error) {
	row, err := f.Q.GetPost(ctx, id)
	if err != nil {
		return row, err
	}
	err = f.Q.IncrementPostViews(ctx, id) // SAFE(lostupdate): view_count = view_count + 1 in the query
	return row, err
}
