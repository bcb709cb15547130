// Package dbxrepo is a repository in navidrome's shape: squirrel builders
// handed as Sqlizer values to the base's helpers, which run them on a
// pocketbase/dbx handle.
package dbxrepo

import (
	"context"
	"errors"
	"regexp"
	"strconv"

	. "github.com/Masterminds/squirrel"
	"github.com/pocketbase/dbx"
)

var errNotFound = errors.New("not found")

type sqlRepository struct {
	ctx       context.Context
	tableName string
	db        dbx.Builder
}

var marks = regexp.MustCompile(`\?`)

func (r sqlRepository) toSQL(sq Sqlizer) (string, dbx.Params, error) {
	query, args, err := sq.ToSql()
	if err != nil {
		return "", nil, err
	}
	params := dbx.Params{}
	n := 0
	query = marks.ReplaceAllStringFunc(query, func(string) string {
		k := "p" + strconv.Itoa(n)
		params[k] = args[n]
		n++
		return "{:" + k + "}"
	})
	return query, params, nil
}

func (r sqlRepository) newSelect() SelectBuilder {
	return Select().From(r.tableName)
}

func (r sqlRepository) queryOne(sq Sqlizer, response any) error {
	query, args, err := r.toSQL(sq)
	if err != nil {
		return err
	}
	return r.db.NewQuery(query).Bind(args).WithContext(r.ctx).One(response)
}

func (r sqlRepository) executeSQL(sq Sqlizer) (int64, error) {
	query, args, err := r.toSQL(sq)
	if err != nil {
		return 0, err
	}
	res, err := r.db.NewQuery(query).Bind(args).WithContext(r.ctx).Execute()
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

type Album struct {
	ID        string `db:"id"`
	Name      string `db:"name"`
	PlayCount int64  `db:"play_count"`
}

type albumRepository struct {
	sqlRepository
}

func NewAlbumRepository(ctx context.Context, db dbx.Builder) *albumRepository {
	r := &albumRepository{}
	r.ctx = ctx
	r.db = db
	r.tableName = "album"
	return r
}

// IncPlayCount reads the count, adds one in Go and writes it back.
func (r *albumRepository) IncPlayCount(id string) error {
	var a Album
	if err := r.queryOne(r.newSelect().Columns("play_count").Where(Eq{"id": id}), &a); err != nil {
		return err
	}
	_, err := r.executeSQL(Update(r.tableName).Set("play_count", a.PlayCount+1).Where(Eq{"id": id})) // want `lost update on album\.play_count`
	return err
}

// ---- silent ----

// IncPlayCountAtomic lets the database add.
func (r *albumRepository) IncPlayCountAtomic(id string) error {
	_, err := r.executeSQL(Update(r.tableName).Set("play_count", Expr("play_count + 1")).Where(Eq{"id": id})) // ok: atomic
	return err
}

// IncPlayCountChecked writes only if the count is still the one read, and
// tells a loser so.
func (r *albumRepository) IncPlayCountChecked(id string) error {
	var a Album
	if err := r.queryOne(r.newSelect().Columns("play_count").Where(Eq{"id": id}), &a); err != nil {
		return err
	}
	c, err := r.executeSQL(Update(r.tableName).Set("play_count", a.PlayCount+1).Where(Eq{"id": id, "play_count": a.PlayCount})) // ok: compare-and-set, count tested
	if err != nil {
		return err
	}
	if c == 0 {
		return errNotFound
	}
	return nil
}

// Rename writes the request's value, not one derived from the read.
func (r *albumRepository) Rename(id, name string) error {
	var a Album
	if err := r.queryOne(r.newSelect().Where(Eq{"id": id}), &a); err != nil {
		return err
	}
	_, err := r.executeSQL(Update(r.tableName).Set("name", name).Where(Eq{"id": a.ID})) // ok: the request's value
	return err
}
