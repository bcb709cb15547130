package users

import (
	sq "github.com/Masterminds/squirrel"

	"dbxrepo/base"
)

type Track struct {
	ID    string `db:"id"`
	Plays int64  `db:"plays"`
}

type Tracks struct{ base.Repo }

func (r Tracks) Get(id string) (*Track, error) {
	var t Track
	err := r.One(sq.Select("id", "plays").From("track").Where(sq.Eq{"id": id}), &t) // want `select track where id=\$id reads id\->t\.ID,plays\->t\.Plays on r\.Repo\.DB; found\? err\(database/sql\.ErrNoRows\)`
	return &t, err
}

func (r Tracks) Play(t *Track) error {
	n, err := r.Exec(sq.Update("track").Set("plays", t.Plays+1).Where(sq.Eq{"id": t.ID, "plays": t.Plays})) // want `update track set plays=\$t\.Plays\+1 where id=\$t\.ID,plays=\$t\.Plays on r\.Repo\.DB; found\? count; rows checked`
	if err == nil && n == 0 {
		return r.Play(t)
	}
	return err
}

func (r Tracks) Clear() error {
	return r.Text("DELETE FROM track WHERE plays = ?") // want `delete track where plays={\?} on r\.Repo\.DB`
}
