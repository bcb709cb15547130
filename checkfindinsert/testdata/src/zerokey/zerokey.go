// Package zerokey saves bookmarks' tags: a tag is looked up by name, and
// a key left at zero says it was not found.
package zerokey

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"
)

type Tag struct {
	ID    int64  `db:"id"`
	Name  string `db:"name"`
	Color string `db:"color"`
}

type Store struct{ db *sqlx.DB }

// SaveTag inserts the tag when the lookup left its id at zero: two saves
// of one new tag both find none and both insert.
func (s *Store) SaveTag(ctx context.Context, tx *sqlx.Tx, name string) (int64, error) {
	var tag Tag
	err := tx.GetContext(ctx, &tag, `SELECT id, name FROM tag WHERE name = ?`, name)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	if tag.ID == 0 {
		res, err := tx.ExecContext(ctx, `INSERT INTO tag (name) VALUES (?)`, name) // want `check-then-insert on tag\(name\)`
		if err != nil {
			return 0, err
		}
		return res.LastInsertId()
	}
	return tag.ID, nil
}

// ---- silent ----

// SaveTagIgnore lets the database drop the duplicate.
func (s *Store) SaveTagIgnore(ctx context.Context, tx *sqlx.Tx, name string) (int64, error) {
	var tag Tag
	err := tx.GetContext(ctx, &tag, `SELECT id, name FROM tag WHERE name = ?`, name)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	if tag.ID == 0 {
		_, err := tx.ExecContext(ctx, `INSERT IGNORE INTO tag (name) VALUES (?)`, name) // ok: INSERT IGNORE
		return 0, err
	}
	return tag.ID, nil
}

// Recolor tests a column a found row may hold at zero: the insert is no
// consequence of the lookup finding nothing.
func (s *Store) Recolor(ctx context.Context, tx *sqlx.Tx, name string) error {
	var tag Tag
	err := tx.GetContext(ctx, &tag, `SELECT id, color FROM tag WHERE name = ?`, name)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if tag.Color == "" {
		_, err := tx.ExecContext(ctx, `INSERT INTO tag_events (name, kind) VALUES (?, 'uncolored')`, name) // ok: not decided by the lookup's outcome
		return err
	}
	return nil
}
