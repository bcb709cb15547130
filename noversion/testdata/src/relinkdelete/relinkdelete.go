// Package relinkdelete soft-deletes a pipeline and relinks its stages
// through one helper shared with the update: the helper unlinks the
// stages to remove and links the stages to add, each in a loop over its
// slice. The delete passes nil for the stages to add, so only removals
// follow its guarded UPDATE; the update passes the request's stages, and
// its links assume the pipeline was still there.
package relinkdelete

import (
	"context"
	"database/sql"
)

type Store struct{ db *sql.DB }

func (s *Store) relink(ctx context.Context, tx *sql.Tx, pipeline int64, add, remove []int64) error {
	for _, st := range remove {
		if _, err := tx.ExecContext(ctx, `UPDATE pipeline_stages SET deleted_at = now() WHERE pipeline_id = $1 AND stage_id = $2 AND deleted_at IS NULL`, pipeline, st); err != nil {
			return err
		}
	}
	for _, st := range add {
		if _, err := tx.ExecContext(ctx, `INSERT INTO pipeline_stages (pipeline_id, stage_id) VALUES ($1, $2)`, pipeline, st); err != nil {
			return err
		}
	}
	return nil
}

// tag records the labels given, in one statement.
func (s *Store) tag(ctx context.Context, tx *sql.Tx, pipeline int64, labels []string) error {
	if len(labels) == 0 {
		return nil
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO pipeline_labels (pipeline_id, labels) VALUES ($1, $2)`, pipeline, labels)
	return err
}

func (s *Store) Delete(ctx context.Context, id int64, stages []int64) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err = tx.ExecContext(ctx, `UPDATE pipelines SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`, id); err != nil { // ok: nothing is linked for a nil slice, and the unlinks of a loser match nothing
		return err
	}
	if err = s.relink(ctx, tx, id, nil, stages); err != nil {
		return err
	}
	if err = s.tag(ctx, tx, id, nil); err != nil {
		return err
	}
	return tx.Commit()
}

// ---- reported: the links are added for a pipeline a concurrent delete removed ----

func (s *Store) Retire(ctx context.Context, id int64, replacements, stages []int64) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err = tx.ExecContext(ctx, `UPDATE pipelines SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`, id); err != nil { // want `compare-and-set on pipelines\.deleted_at ignores rows affected`
		return err
	}
	if err = s.relink(ctx, tx, id, replacements, stages); err != nil {
		return err
	}
	return tx.Commit()
}
