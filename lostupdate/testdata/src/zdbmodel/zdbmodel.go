package zdbmodel

import (
	"context"

	"zgo.at/zdb"
)

type Site struct {
	ID    int64  `db:"site_id,id"`
	Code  string `db:"code"`
	Hits  int64  `db:"hits"`
	Notes string `db:"notes"`
}

func (Site) Table() string { return "sites" }

// AddHits reads the count, adds in Go and writes the model's column back
// (zdb.Update builds update sites set hits = ? where site_id = ?).
func AddHits(ctx context.Context, id, n int64) error {
	var s Site
	if err := zdb.Get(ctx, &s, `select * from sites where site_id = ?`, id); err != nil {
		return err
	}
	s.Hits += n
	return zdb.Update(ctx, &s, "hits") // want `lost update on sites\.hits`
}

// ---- silent ----

// AddHitsAtomic lets the database add.
func AddHitsAtomic(ctx context.Context, id, n int64) error {
	return zdb.Exec(ctx, `update sites set hits = hits + ? where site_id = ?`, n, id) // ok: atomic
}

// Rename writes a value the request gives, not one derived from the read.
func Rename(ctx context.Context, id int64, code string) error {
	var s Site
	if err := zdb.Get(ctx, &s, `select * from sites where site_id = ?`, id); err != nil {
		return err
	}
	s.Code = code
	return zdb.Update(ctx, &s, "code") // ok: the request's value
}

// Touch writes only the notes: the hits read are not written back.
func Touch(ctx context.Context, id int64) error {
	var s Site
	if err := zdb.Get(ctx, &s, `select * from sites where site_id = ?`, id); err != nil {
		return err
	}
	s.Hits++
	s.Notes = "seen"
	return zdb.Update(ctx, &s, "notes") // ok: hits is not among the columns
}
