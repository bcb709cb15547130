// Package taggedstore keeps its statements in queries.sql and prepares
// them into struct fields tagged `query:"name"` at start-up, the binding
// goyesql's ScanToStruct makes (goyesql itself is not on the module proxy,
// so this package prepares the fields the way it does, with real sqlx).
package taggedstore

import (
	"database/sql"
	"errors"
	"reflect"

	"github.com/jmoiron/sqlx"
)

type Queries struct {
	GetList        *sqlx.Stmt `query:"get-list"`
	CreateList     *sqlx.Stmt `query:"create-list"`
	SetSubscribers *sqlx.Stmt `query:"set-subscribers"`
	AddSubscribers *sqlx.Stmt `query:"add-subscribers"`
}

// Prepare fills each tagged field with its statement from texts (the
// parsed queries.sql), as goyesql/sqlx.ScanToStruct does.
func Prepare(db *sqlx.DB, texts map[string]string) (*Queries, error) {
	var q Queries
	v := reflect.ValueOf(&q).Elem()
	for i := 0; i < v.NumField(); i++ {
		stmt, err := db.Preparex(texts[v.Type().Field(i).Tag.Get("query")])
		if err != nil {
			return nil, err
		}
		v.Field(i).Set(reflect.ValueOf(stmt))
	}
	return &q, nil
}

type List struct {
	ID          int64 `db:"id"`
	Subscribers int64 `db:"subscribers"`
}

type Store struct{ q *Queries }

func (s *Store) Create(name string) error {
	var l List
	err := s.q.GetList.Get(&l, name)
	if err == nil {
		return errors.New("exists")
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = s.q.CreateList.Exec(name) // HAZARD(checkfindinsert)
	return err
}

func (s *Store) Subscribe(name string, n int64) error {
	var l List
	if err := s.q.GetList.Get(&l, name); err != nil {
		return err
	}
	_, err := s.q.SetSubscribers.Exec(l.ID, l.Subscribers+n) // HAZARD(lostupdate)
	return err
}

func (s *Store) SubscribeAtomic(name string, n int64) error {
	var l List
	if err := s.q.GetList.Get(&l, name); err != nil {
		return err
	}
	_, err := s.q.AddSubscribers.Exec(l.ID, n) // SAFE(lostupdate): atomic
	return err
}
