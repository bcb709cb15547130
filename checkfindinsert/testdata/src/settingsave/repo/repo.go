// Package repo keeps a site's settings, one row per kind, saved by a
// repository method that looks the kind up and inserts when it finds no
// row: the kind it looks up and the row it inserts are both its
// caller's.
package repo

import (
	"context"

	"xorm.io/builder"
	"xorm.io/xorm"
)

type Setting struct {
	ID      int64 `xorm:"pk autoincr"`
	Kind    string
	Content string
}

type Settings struct{ db *xorm.Engine }

// Save writes the kind's row, inserting it the first time.
func (r *Settings) Save(ctx context.Context, kind string, s *Setting) error {
	old := &Setting{}
	has, err := r.db.Context(ctx).Where(builder.Eq{"kind": kind}).Get(old)
	if err != nil {
		return err
	}
	if has {
		_, err = r.db.Context(ctx).ID(old.ID).Update(s)
	} else {
		_, err = r.db.Context(ctx).Insert(s)
	}
	return err
}
