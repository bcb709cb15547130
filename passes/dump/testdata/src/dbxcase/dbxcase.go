package dbxcase

import (
	"context"
	"database/sql"
	"errors"

	"github.com/pocketbase/dbx"
)

type Plugin struct {
	ID        string `db:"id"`
	Enabled   bool   `db:"enabled"`
	LastError string `db:"last_error"`
	Runs      int64  `db:"runs"`
}

type Store struct {
	ctx context.Context
	db  dbx.Builder
}

func (s *Store) Get(id string) (*Plugin, error) {
	var p Plugin
	err := s.db.NewQuery("SELECT * FROM plugin WHERE id = {:id}").Bind(dbx.Params{"id": id}).WithContext(s.ctx).One(&p) // want `select plugin where id=\$id reads id\->p\.ID,enabled\->p\.Enabled,last_error\->p\.LastError,runs\->p\.Runs on s\.db; found\? err\(database/sql\.ErrNoRows\)`
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errors.New("not found")
	}
	return &p, err
}

func (s *Store) Enabled() ([]Plugin, error) {
	var ps []Plugin
	err := s.db.NewQuery("SELECT * FROM plugin WHERE enabled = true").All(&ps) // want `select plugin where enabled=true on s\.db; found\? len`
	return ps, err
}

func (s *Store) Add(p *Plugin) error {
	_, err := s.db.NewQuery("INSERT INTO plugin (id, enabled) VALUES ({:id}, {:enabled})").Bind(dbx.Params{"id": p.ID, "enabled": p.Enabled}).Execute() // want `insert plugin set id=\$p\.ID,enabled=\$p\.Enabled on s\.db`
	return err
}

func (s *Store) Writes(p *Plugin, n int64) error {
	if _, err := s.db.NewQuery("UPDATE plugin SET runs = {:runs} WHERE id = {:id}").Bind(dbx.Params{"runs": p.Runs + n, "id": p.ID}).Execute(); err != nil { // want `update plugin set runs=\$p\.Runs\+n where id=\$p\.ID on s\.db`
		return err
	}
	_, err := s.db.NewQuery("UPDATE plugin SET runs = runs + {:n} WHERE id = {:id}").Bind(dbx.Params{"n": n, "id": p.ID}).Execute() // want `update plugin set runs=atomic\(runs \+ \{:n\}\) where id=\$p\.ID on s\.db`
	return err
}

// Disable is a compare-and-set: the count says whether this call did it.
func (s *Store) Disable(id string) (bool, error) {
	res, err := s.db.NewQuery("UPDATE plugin SET enabled = false WHERE id = {:id} AND enabled = true").Bind(dbx.Params{"id": id}).Execute() // want `update plugin set enabled=false where id=\$id,enabled=true on s\.db; found\? count; rows checked`
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

func Reset(db *dbx.DB, id string) error {
	return db.Transactional(func(tx *dbx.Tx) error {
		var runs int64
		if err := tx.NewQuery("SELECT runs FROM plugin WHERE id = {:id} FOR UPDATE").Bind(dbx.Params{"id": id}).Row(&runs); err != nil { // want `select plugin where id=\$id reads runs\->runs lock=update on tx; found\? err\(database/sql\.ErrNoRows\); in callback tx`
			return err
		}
		_, err := tx.NewQuery("UPDATE plugin SET runs = 0, last_error = '' WHERE id = {:id}").Bind(dbx.Params{"id": id}).Execute() // want `update plugin set runs=0,last_error='' where id=\$id on tx; in callback tx`
		return err
	})
}

func Explicit(db *dbx.DB, id string) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	if _, err := tx.NewQuery("DELETE FROM plugin WHERE id = {:id}").Bind(dbx.Params{"id": id}).Execute(); err != nil { // want `delete plugin where id=\$id on Begin\(\)#0; in explicit tx`
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
