// Package zdbload runs statements zdb loads from the program's files by
// name: db/query/<name>.sql, or the template <name>.gotxt.
package zdbload

import (
	"context"

	"zgo.at/zdb"
)

func Lookup(ctx context.Context, code string) (int64, error) {
	var id int64
	err := zdb.Get(ctx, &id, "load:sites.ByCode", code) // want `select sites where code=\$code reads site_id->id on ctx; found\? err\(database/sql.ErrNoRows\); partial`
	return id, err
}

func Create(ctx context.Context, code string) error {
	return zdb.Exec(ctx, "load:sites.Insert.sql", code) // want `insert sites set code=\$code,created_at=now\(\) on ctx`
}

func CreateOnce(ctx context.Context, code string) error {
	return zdb.Exec(ctx, "load:sites.InsertOnce", map[string]any{"pg": true}, code) // want `insert sites set .*on ctx; partial`
}

func Missing(ctx context.Context) error {
	return zdb.Exec(ctx, "load:sites.Nowhere") // want `unknown \? on ctx; partial`
}

func Rename(ctx context.Context, site int64, name string) error {
	return zdb.Exec(ctx, "load:sites.Rename", map[string]any{"site": site, "name": name}) // want `update sites set name=\$name where site_id=\$site on ctx`
}

func Purge(ctx context.Context, site int64, extra map[string]any) error {
	return zdb.Exec(ctx, `delete from hits where site_id = :site`, extra, map[string]any{"site": site}) // want `delete hits where site_id=\$site on ctx`
}
