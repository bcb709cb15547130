// Package store keeps each build as a JSON document in the builds table
// (doc), beside the columns it is looked up by. Its callers change a build
// through UpdateBuild's modify callback.
package store

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/jmoiron/sqlx"
)

type Build struct {
	ID      string
	Phase   string
	Retries int
	Notes   []string
}

// buildRow is the row as stored: the build itself is the doc column.
type buildRow struct {
	ID      string `db:"id"`
	Phase   string `db:"phase"`
	Doc     []byte `db:"doc"`
	Version int64  `db:"version"`
}

type Store struct{ db *sqlx.DB }

// Build loads a build: the row, then its document decoded into the result.
func (s *Store) Build(ctx context.Context, id string) (*Build, error) {
	var r buildRow
	if err := s.db.GetContext(ctx, &r, `SELECT id, phase, doc, version FROM builds WHERE id = $1`, id); err != nil {
		return nil, err
	}
	b := &Build{}
	if err := json.Unmarshal(r.Doc, b); err != nil {
		return nil, err
	}
	return b, nil
}

// UpdateBuild reads the build, lets modify change it and writes it back:
// two callers read the same document and the later write drops the
// earlier one's change.
func (s *Store) UpdateBuild(ctx context.Context, id string, modify func(b *Build) error) error {
	b, err := s.Build(ctx, id)
	if err != nil {
		return err
	}
	if err := modify(b); err != nil {
		return err
	}
	doc, err := json.Marshal(b)
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `UPDATE builds SET phase = $1, doc = $2 WHERE id = $3`, b.Phase, doc, id) // want `lost update on builds\.doc: the value read at store\.go:\d+ \(by store\.Store\.Build\)`
	return err
}

// UpdateBuildTxPool begins a transaction but takes the row lock on the
// pool: the locking read commits by itself and releases the row before
// modify runs, and the write, also on the pool, is not in the
// transaction either.
func (s *Store) UpdateBuildTxPool(ctx context.Context, id string, modify func(b *Build) error) error {
	tx, err := s.db.BeginTxx(ctx, &sql.TxOptions{})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var r buildRow
	if err := s.db.GetContext(ctx, &r, `SELECT id, phase, doc, version FROM builds WHERE id = $1 FOR UPDATE`, id); err != nil {
		return err
	}
	b := &Build{}
	if err := json.Unmarshal(r.Doc, b); err != nil {
		return err
	}
	if err := modify(b); err != nil {
		return err
	}
	doc, err := json.Marshal(b)
	if err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE builds SET phase = $1, doc = $2 WHERE id = $3`, b.Phase, doc, id); err != nil { // want `lost update on builds\.doc`
		return err
	}
	return tx.Commit()
}

// ---- silent ----

// UpdateBuildLocked holds the row from the read to the commit.
func (s *Store) UpdateBuildLocked(ctx context.Context, id string, modify func(b *Build) error) error {
	tx, err := s.db.BeginTxx(ctx, &sql.TxOptions{})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var r buildRow
	if err := tx.GetContext(ctx, &r, `SELECT id, phase, doc, version FROM builds WHERE id = $1 FOR UPDATE`, id); err != nil {
		return err
	}
	b := &Build{}
	if err := json.Unmarshal(r.Doc, b); err != nil {
		return err
	}
	if err := modify(b); err != nil {
		return err
	}
	doc, err := json.Marshal(b)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE builds SET phase = $1, doc = $2 WHERE id = $3`, b.Phase, doc, id); err != nil { // ok: FOR UPDATE in the transaction holds the row
		return err
	}
	return tx.Commit()
}

// UpdateBuildChecked writes only if nobody wrote since the read.
func (s *Store) UpdateBuildChecked(ctx context.Context, id string, modify func(b *Build) error) error {
	var r buildRow
	if err := s.db.GetContext(ctx, &r, `SELECT id, phase, doc, version FROM builds WHERE id = $1`, id); err != nil {
		return err
	}
	b := &Build{}
	if err := json.Unmarshal(r.Doc, b); err != nil {
		return err
	}
	if err := modify(b); err != nil {
		return err
	}
	doc, err := json.Marshal(b)
	if err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, `UPDATE builds SET phase = $1, doc = $2, version = version + 1 WHERE id = $3 AND version = $4`, b.Phase, doc, id, r.Version) // ok: the version predicate fails a stale write
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return sql.ErrNoRows
	}
	return nil
}
