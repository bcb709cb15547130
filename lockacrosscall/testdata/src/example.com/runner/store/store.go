// Package store keeps pull requests.
package store

import (
	"context"

	"example.com/runner/dbtx"
	"github.com/jmoiron/sqlx"
)

type PullReqs struct{ db *sqlx.DB }

func NewPullReqs(db *sqlx.DB) *PullReqs { return &PullReqs{db: db} }

// Merge marks the pull request merged.
func (s *PullReqs) Merge(ctx context.Context, id int64, sha string) error {
	_, err := dbtx.GetAccessor(ctx, s.db).ExecContext(ctx, `UPDATE pullreqs SET state = 'merged', merge_sha = $1 WHERE id = $2`, sha, id)
	return err
}

// Title reads the title.
func (s *PullReqs) Title(ctx context.Context, id int64) (string, error) {
	var t string
	err := dbtx.GetAccessor(ctx, s.db).GetContext(ctx, &t, `SELECT title FROM pullreqs WHERE id = $1`, id)
	return t, err
}
