// Package versionscope holds updates of a table some of whose writers
// check a version: only writes of the columns those writers protect can
// clobber a versioned edit.
package versionscope

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

var ErrConflict = errors.New("note was edited concurrently")

type Store struct{ db *sql.DB }

// The editor's save: content and title under the version.
func (s *Store) SaveNote(ctx context.Context, id, version int64, title, content string) error {
	res, err := s.db.ExecContext(ctx, `UPDATE notes SET title = $1, content = $2, version = version + 1, updated_at = now() WHERE id = $3 AND version = $4`, title, content, id, version) // ok: versioned and checked
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return ErrConflict
	}
	return nil
}

// A quick rename from the list view writes a column the editor protects.
func (s *Store) Rename(ctx context.Context, id int64, title string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notes SET title = $1, updated_at = now() WHERE id = $2`, title, id) // want `update of notes without a version check \(other updates of notes check version\)`
	return err
}

// A pin toggle next to a protected column still overlaps.
func (s *Store) PinAndRetitle(ctx context.Context, id int64, pinned bool, title string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notes SET pinned = $1, title = $2 WHERE id = $3`, pinned, title, id) // want `update of notes without a version check`
	return err
}

// ---- silent: the columns no versioned writer sets ----

// Pinning a note touches nothing the editor writes.
func (s *Store) Pin(ctx context.Context, id int64, pinned bool) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notes SET pinned = $1 WHERE id = $2`, pinned, id) // ok: pinned is not protected by the version
	return err
}

// Moving a note to another folder, with the bookkeeping column.
func (s *Store) Move(ctx context.Context, id, folder int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notes SET folder_id = $1, updated_at = $2 WHERE id = $3`, folder, time.Now(), id) // ok: folder_id is not protected
	return err
}

// Remembering when the note was last opened.
func (s *Store) Opened(ctx context.Context, id int64, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notes SET last_opened_at = $1 WHERE id = $2`, at, id) // ok: not a column of the editor
	return err
}
