// Package dbxstore is a store in navidrome's shape: squirrel builders
// handed as Sqlizer values to a base's helpers, which turn their ? into
// pocketbase/dbx's {:pN} and run them on a dbx handle.
package dbxstore

import (
	"context"
	"errors"
	"regexp"
	"strconv"

	sq "github.com/Masterminds/squirrel"
	"github.com/pocketbase/dbx"
)

var ErrTaken = errors.New("taken")

type base struct {
	ctx       context.Context
	tableName string
	db        dbx.Builder
}

var marks = regexp.MustCompile(`\?`)

func (r base) toSQL(b sq.Sqlizer) (string, dbx.Params, error) {
	q, args, err := b.ToSql()
	if err != nil {
		return "", nil, err
	}
	params := dbx.Params{}
	i := 0
	q = marks.ReplaceAllStringFunc(q, func(string) string {
		k := "p" + strconv.Itoa(i)
		params[k] = args[i]
		i++
		return "{:" + k + "}"
	})
	return q, params, nil
}

func (r base) newSelect() sq.SelectBuilder { return sq.Select().From(r.tableName) }

func (r base) queryOne(b sq.Sqlizer, dest any) error {
	q, params, err := r.toSQL(b)
	if err != nil {
		return err
	}
	return r.db.NewQuery(q).Bind(params).WithContext(r.ctx).One(dest)
}

func (r base) executeSQL(b sq.Sqlizer) (int64, error) {
	q, params, err := r.toSQL(b)
	if err != nil {
		return 0, err
	}
	res, err := r.db.NewQuery(q).Bind(params).WithContext(r.ctx).Execute()
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

type Album struct {
	ID        string `db:"id"`
	PlayCount int64  `db:"play_count"`
}

type Albums struct{ base }

func NewAlbums(ctx context.Context, db dbx.Builder) *Albums {
	r := &Albums{}
	r.ctx, r.db, r.tableName = ctx, db, "album"
	return r
}

func (r *Albums) Play(id string) error {
	var a Album
	if err := r.queryOne(r.newSelect().Columns("play_count").Where(sq.Eq{"id": id}), &a); err != nil {
		return err
	}
	_, err := r.executeSQL(sq.Update(r.tableName).Set("play_count", a.PlayCount+1).Where(sq.Eq{"id": id})) // HAZARD(lostupdate)
	return err
}

func (r *Albums) PlayAtomic(id string) error {
	_, err := r.executeSQL(sq.Update(r.tableName).Set("play_count", sq.Expr("play_count + 1")).Where(sq.Eq{"id": id})) // SAFE(lostupdate): the database adds
	return err
}

// Reset is a plain dbx query with named parameters, in a transaction.
func Reset(db *dbx.DB, id string) error {
	return db.Transactional(func(tx *dbx.Tx) error {
		var n int64
		if err := tx.NewQuery("SELECT play_count FROM album WHERE id = {:id}").Bind(dbx.Params{"id": id}).Row(&n); err != nil {
			return err
		}
		_, err := tx.NewQuery("UPDATE album SET play_count = {:n} WHERE id = {:id}").Bind(dbx.Params{"n": n - 1, "id": id}).Execute() // HAZARD(lostupdate)
		return err
	})
}
