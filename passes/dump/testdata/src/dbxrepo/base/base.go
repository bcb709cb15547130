// Package base is a repository base in another package than its users:
// the helpers' summaries say they run the statement of their builder
// parameter.
package base

import (
	"context"
	"regexp"
	"strconv"

	sq "github.com/Masterminds/squirrel"
	"github.com/pocketbase/dbx"
)

type Repo struct {
	Ctx context.Context
	DB  dbx.Builder
}

var marks = regexp.MustCompile(`\?`)

func (r Repo) render(b sq.Sqlizer) (string, dbx.Params, error) {
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

func (r Repo) Exec(b sq.Sqlizer) (int64, error) { // want Exec:"wrapper builder=p1"
	q, params, err := r.render(b)
	if err != nil {
		return 0, err
	}
	res, err := r.DB.NewQuery(q).Bind(params).WithContext(r.Ctx).Execute()
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (r Repo) One(b sq.SelectBuilder, dest any) error { // want One:"wrapper builder=p1"
	q, params, err := r.render(b)
	if err != nil {
		return err
	}
	return r.DB.NewQuery(q).Bind(params).One(dest)
}

// Text runs text it is given, rewritten the same way: a wrapper of its
// SQL text, not of a builder.
func (r Repo) Text(q string) error { // want Text:"wrapper sql=p1"
	_, err := r.DB.NewQuery(marks.ReplaceAllString(q, "{:p}")).Execute()
	return err
}

// Fixed rewrites a text of its own: no wrapper, and its statement is not
// read (the rewrite of a known text is not computed).
func (r Repo) Fixed() error {
	_, err := r.DB.NewQuery(marks.ReplaceAllString("DELETE FROM t WHERE a = ?", "{:p}")).Execute()
	return err
}
