// Package zdbload runs statements zdb loads from the program's files by
// name (load:sites.ByCode is db/query/sites.ByCode.sql).
package zdbload

import (
	"context"
	"errors"

	"zgo.at/zdb"
)

var ErrTaken = errors.New("code taken")

func CreateSite(ctx context.Context, code string) error {
	var id int64
	err := zdb.Get(ctx, &id, "load:sites.ByCode", code)
	if err == nil {
		return ErrTaken
	}
	if !zdb.ErrNoRows(err) {
		return err
	}
	return zdb.Exec(ctx, "load:sites.Insert", code) // want `check-then-insert on sites\(code\)`
}

func CreateSiteHandled(ctx context.Context, code string) error {
	var id int64
	if err := zdb.Get(ctx, &id, "load:sites.ByCode.sql", code); err == nil {
		return ErrTaken
	}
	err := zdb.Exec(ctx, "load:sites.Insert", code) // ok: zdb.ErrUnique handles the violation
	if zdb.ErrUnique(err) {
		return ErrTaken
	}
	return err
}
