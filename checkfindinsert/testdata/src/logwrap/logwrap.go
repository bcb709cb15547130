// Package logwrap tags posts and follows users through an application's
// logging wrapper of database/sql (logwrap/dbx): a lookup through
// Exists or Get, then an insert through Execute.
package logwrap

import (
	"errors"

	"logwrap/dbx"
)

func AssignTag(trx *dbx.Trx, post, tag int64) error {
	assigned, err := trx.Exists("SELECT 1 FROM post_tags WHERE post_id = $1 AND tag_id = $2", post, tag)
	if err != nil {
		return err
	}
	if assigned {
		return nil
	}
	_, err = trx.Execute("INSERT INTO post_tags (tag_id, post_id) VALUES ($1, $2)", tag, post) // want `check-then-insert on post_tags\(post_id, tag_id\)`
	return err
}

func Follow(trx *dbx.Trx, user, target int64) (int64, error) {
	var id int64
	err := trx.Get(&id, "SELECT id FROM follows WHERE user_id = $1 AND target_id = $2", user, target)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, dbx.ErrNotFound) {
		return 0, err
	}
	_, err = trx.Execute("INSERT INTO follows (user_id, target_id) VALUES ($1, $2)", user, target) // want `check-then-insert on follows\(user_id, target_id\)`
	return 0, err
}

// ---- silent ----

func AssignTagOnce(trx *dbx.Trx, post, tag int64) error {
	assigned, err := trx.Exists("SELECT 1 FROM post_tags WHERE post_id = $1 AND tag_id = $2", post, tag)
	if err != nil || assigned {
		return err
	}
	_, err = trx.Execute("INSERT INTO post_tags (tag_id, post_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", tag, post) // ok: the conflict clause absorbs a concurrent insert
	return err
}

// RetagOther looks up one post and inserts a tag of another: not the key
// the lookup asked about.
func RetagOther(trx *dbx.Trx, post, other, tag int64) error {
	assigned, err := trx.Exists("SELECT 1 FROM post_tags WHERE post_id = $1 AND tag_id = $2", post, tag)
	if err != nil || assigned {
		return err
	}
	_, err = trx.Execute("INSERT INTO post_tags (tag_id, post_id) VALUES ($1, $2)", tag, other) // ok: another post
	return err
}
