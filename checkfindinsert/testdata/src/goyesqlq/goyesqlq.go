package goyesqlq

import (
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"
)

type Queries struct {
	GetTag    *sqlx.Stmt `query:"get-tag"`
	InsertTag *sqlx.Stmt `query:"insert-tag"`
	UpsertTag *sqlx.Stmt `query:"upsert-tag"`
}

type Tags struct{ q *Queries }

func (t *Tags) Add(name string) error {
	var id int64
	err := t.q.GetTag.Get(&id, name)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = t.q.InsertTag.Exec(name) // want `check-then-insert on tags\(name\)`
	return err
}

// ---- silent ----

func (t *Tags) AddOnce(name string) error {
	var id int64
	err := t.q.GetTag.Get(&id, name)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = t.q.UpsertTag.Exec(name) // ok: ON CONFLICT DO NOTHING
	return err
}
