package gorpq

import (
	"database/sql"
	"errors"

	"github.com/go-gorp/gorp/v3"
)

var ErrExists = errors.New("alias exists")

type SqlDb struct{ sql *gorp.DbMap }

type Alias struct {
	ID        int
	Alias     string
	ProjectID int
}

func (d *SqlDb) selectOne(holder interface{}, query string, args ...interface{}) error {
	return d.sql.SelectOne(holder, query, args...)
}

func (d *SqlDb) exec(query string, args ...interface{}) (sql.Result, error) {
	return d.sql.Exec(query, args...)
}

// CreateAlias looks the alias up, then inserts it when it is free.
func (d *SqlDb) CreateAlias(projectID int, alias string) error {
	var a Alias
	err := d.selectOne(&a, "select * from project__integration_alias where alias=?", alias)
	if err == nil {
		return ErrExists
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = d.exec("insert into project__integration_alias (project_id, alias) values (?, ?)", projectID, alias) // want `check-then-insert on project__integration_alias\(alias\)`
	return err
}

// ---- silent ----

// CreateAliasOnce lets the database decide: the insert skips a taken alias
// and the count says whether this request got it.
func (d *SqlDb) CreateAliasOnce(projectID int, alias string) error {
	var a Alias
	if err := d.selectOne(&a, "select * from project__integration_alias where alias=?", alias); err == nil {
		return ErrExists
	}
	res, err := d.exec("insert into project__integration_alias (project_id, alias) values (?, ?) on conflict (alias) do nothing", projectID, alias) // ok: ON CONFLICT DO NOTHING, rows checked
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrExists
	}
	return nil
}

// AddTemplate checks the project, another table, before inserting.
func (d *SqlDb) AddTemplate(projectID int, name string) error {
	var id int
	if err := d.sql.SelectOne(&id, "select id from project where id=?", projectID); err != nil {
		return err
	}
	_, err := d.sql.Exec("insert into project__template (project_id, name) values (?, ?)", projectID, name) // ok: the lookup reads another table
	return err
}
