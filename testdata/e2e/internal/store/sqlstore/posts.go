package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// Posts is the post repository used by service/posts.
type Posts struct{ DB *sql.DB }

func (r *Posts) GetPost(ctx context.Context, id int64) (*domain.Post, error) {
	var p domain.Post
	err := r.DB.QueryRowContext(ctx,
		`SELECT id, author_id, title, view_count, like_count FROM posts WHERE id = $1`, id,
	).Scan(&p.ID, &p.AuthorID, &p.Title, &p.ViewCount, &p.LikeCount)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// SetViews stores a view count computed by the caller.
func (r *Posts) SetViews(ctx context.Context, id, views int64) error {
	_, err := r.DB.ExecContext(ctx, `UPDATE posts SET view_count = $2 WHERE id = $1`, id, views)
	return err
}

// IncrementViews adds to the count in SQL.
func (r *Posts) IncrementViews(ctx context.Context, id, by int64) error {
	_, err := r.DB.ExecContext(ctx, `UPDATE posts SET view_count = view_count + $2 WHERE id = $1`, id, by)
	return err
}

// SetMetadataKey reads the post's JSON metadata, sets one key in Go and
// writes the whole document back: a concurrent change to another key is lost.
func (s *Store) SetMetadataKey(ctx context.Context, postID int64, key string, value any) error {
	var raw []byte
	if err := s.DB.QueryRowContext(ctx, `SELECT metadata FROM posts WHERE id = $1`, postID).Scan(&raw); err != nil {
		return err
	}
	meta := map[string]any{}
	if err := json.Unmarshal(raw, &meta); err != nil {
		return err
	}
	meta[key] = value
	updated, err := json.Marshal(meta)
	if err != nil {
		return err
	}
	_, err = s.DB.ExecContext(ctx, `UPDATE posts SET metadata = $2, updated_at = now() WHERE id = $1`, postID, updated) // HAZARD(lostupdate)
	return err
}

// SetMetadataKeyAtomic lets PostgreSQL merge the key into the document.
func (s *Store) SetMetadataKeyAtomic(ctx context.Context, postID int64, key string, value any) error {
	v, err := json.Marshal(value)
	if err != nil {
		return err
	}
	_, err = s.DB.ExecContext(ctx, `UPDATE posts SET metadata = jsonb_set(metadata, ARRAY[$2::text], $3::jsonb), updated_at = now() WHERE id = $1`, postID, key, v) // SAFE(lostupdate): merged in SQL, nothing read back
	return err
}

// RetitlePost reads the post to validate the author, then writes a title
// that comes from the request, not from the row.
func (s *Store) RetitlePost(ctx context.Context, postID, authorID int64, title string) error {
	var owner int64
	if err := s.DB.QueryRowContext(ctx, `SELECT author_id FROM posts WHERE id = $1`, postID).Scan(&owner); err != nil {
		return err
	}
	if owner != authorID {
		return domain.ErrNotFound
	}
	_, err := s.DB.ExecContext(ctx, `UPDATE posts SET title = $2, updated_at = now() WHERE id = $1`, postID, title) // SAFE(lostupdate): the written value does not derive from the row read
	return err
}
