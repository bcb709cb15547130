package pgxstore

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// CountView reads the counter and stores counter+1.
func (s *Store) CountView(ctx context.Context, postID int64) error {
	var views int64
	if err := s.Pool.QueryRow(ctx, `SELECT view_count FROM posts WHERE id = $1`, postID).Scan(&views); err != nil {
		return err
	}
	_, err := s.Pool.Exec(ctx, `UPDATE posts SET view_count = $2 WHERE id = $1`, postID, views+1) // HAZARD(lostupdate)
	return err
}

// AddTag appends to the tags array in Go and writes the array back.
func (s *Store) AddTag(ctx context.Context, postID int64, tag string) error {
	var tags []string
	if err := s.Pool.QueryRow(ctx, `SELECT tags FROM posts WHERE id = $1`, postID).Scan(&tags); err != nil {
		return err
	}
	for _, t := range tags {
		if t == tag {
			return nil
		}
	}
	tags = append(tags, tag)
	_, err := s.Pool.Exec(ctx, `UPDATE posts SET tags = $2, updated_at = now() WHERE id = $1`, postID, tags) // HAZARD(lostupdate)
	return err
}

// AddTagAtomic appends in SQL.
func (s *Store) AddTagAtomic(ctx context.Context, postID int64, tag string) error {
	_, err := s.Pool.Exec(ctx, `UPDATE posts SET tags = array_append(tags, $2), updated_at = now() WHERE id = $1 AND NOT ($2 = ANY (tags))`, postID, tag) // SAFE(lostupdate): array_append in SQL
	return err
}

// ViewPost returns the post and counts the view atomically; the value read
// is only returned to the caller.
func (s *Store) ViewPost(ctx context.Context, postID int64) (*domain.Post, error) {
	var p domain.Post
	if err := s.Pool.QueryRow(ctx, `SELECT id, author_id, title, view_count, like_count FROM posts WHERE id = $1`, postID).Scan(&p.ID, &p.AuthorID, &p.Title, &p.ViewCount, &p.LikeCount); err != nil {
		return nil, err
	}
	if _, err := s.Pool.Exec(ctx, `UPDATE posts SET view_count = view_count + 1 WHERE id = $1`, postID); err != nil { // SAFE(lostupdate): atomic increment; the read only feeds the response
		return nil, err
	}
	p.ViewCount++
	return &p, nil
}

// CopyTags reads the tags of one post and writes them to another: the row
// written is not the row read.
func (s *Store) CopyTags(ctx context.Context, fromID, toID int64) error {
	var tags []string
	if err := s.Pool.QueryRow(ctx, `SELECT tags FROM posts WHERE id = $1`, fromID).Scan(&tags); err != nil {
		return err
	}
	_, err := s.Pool.Exec(ctx, `UPDATE posts SET tags = $2 WHERE id = $1`, toID, tags) // SAFE(lostupdate): writes a different row than it read
	return err
}

// Touch stamps the post after checking it exists; the value written is
// the clock, not the row.
func (s *Store) Touch(ctx context.Context, postID int64) error {
	var id int64
	if err := s.Pool.QueryRow(ctx, `SELECT id FROM posts WHERE id = $1`, postID).Scan(&id); err != nil {
		return err
	}
	_, err := s.Pool.Exec(ctx, `UPDATE posts SET updated_at = $2 WHERE id = $1`, id, time.Now().UTC()) // SAFE(lostupdate): value not derived from the row
	return err
}

// TransferLikes moves likes between posts in a SERIALIZABLE transaction:
// PostgreSQL aborts a concurrent transaction that read the same rows.
func (s *Store) TransferLikes(ctx context.Context, fromID, toID, n int64) error {
	return pgx.BeginTxFunc(ctx, s.Pool, pgx.TxOptions{IsoLevel: pgx.Serializable}, func(tx pgx.Tx) error {
		var likes int64
		if err := tx.QueryRow(ctx, `SELECT like_count FROM posts WHERE id = $1`, fromID).Scan(&likes); err != nil {
			return err
		}
		if likes < n {
			n = likes
		}
		if _, err := tx.Exec(ctx, `UPDATE posts SET like_count = $2 WHERE id = $1`, fromID, likes-n); err != nil { // SAFE(lostupdate): SERIALIZABLE transaction
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE posts SET like_count = like_count + $2 WHERE id = $1`, toID, n)
		return err
	})
}
