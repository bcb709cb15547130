package gorpcase

import (
	"database/sql"
	"strconv"
	"strings"

	"github.com/go-gorp/gorp/v3"
)

type Store struct{ sql *gorp.DbMap }

type Runner struct {
	ID    int
	Token string
	Quota int
}

func (d *Store) Runner(token string) (Runner, error) {
	var r Runner
	err := d.sql.SelectOne(&r, "select * from runner where token=?", token) // want `select runner where token=\$token reads id\->r\.ID,token\->r\.Token,quota\->r\.Quota on d\.sql; found\? err\(database/sql\.ErrNoRows\)`
	if err == sql.ErrNoRows {
		return r, nil
	}
	return r, err
}

func (d *Store) Runners(projectID int) ([]Runner, error) {
	var rs []Runner
	_, err := d.sql.Select(&rs, "select * from runner where project_id=?", projectID) // want `select runner where project_id=\$projectID on d\.sql; found\? len`
	return rs, err
}

func (d *Store) Count(projectID int) (int64, error) {
	return d.sql.SelectInt("select count(*) from runner where project_id=?", projectID) // want `select count runner where project_id=\$projectID reads count\->\? on d\.sql`
}

func (d *Store) Writes(id, quota int, token string) error {
	if _, err := d.sql.Exec("insert into runner (token, quota) values (?, ?)", token, quota); err != nil { // want `insert runner set token=\$token,quota=\$quota on d\.sql`
		return err
	}
	if _, err := d.sql.Exec("update runner set quota=? where id=?", quota, id); err != nil { // want `update runner set quota=\$quota where id=\$id on d\.sql`
		return err
	}
	_, err := d.sql.Exec("update runner set quota=quota-1 where id=?", id) // want `update runner set quota=atomic\(quota-1\) where id=\$id on d\.sql`
	return err
}

// Claim is a compare-and-set whose count says who won.
func (d *Store) Claim(id int) (bool, error) {
	res, err := d.sql.Exec("update runner set token=null where id=? and token is not null", id) // want `update runner set token=null where id=\$id,token IS NOT NULL \? on d\.sql; found\? count; rows checked`
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (d *Store) Tx(id int) error {
	tx, err := d.sql.Begin()
	if err != nil {
		return err
	}
	var quota int
	if err := tx.SelectOne(&quota, "select quota from runner where id=? for update", id); err != nil { // want `select runner where id=\$id reads quota\->quota lock=update on Begin\(\)#0; found\? err\(database/sql\.ErrNoRows\); in explicit tx`
		tx.Rollback()
		return err
	}
	if _, err := tx.Exec("update runner set quota=? where id=?", quota-1, id); err != nil { // want `update runner set quota=\$quota-1 where id=\$id on Begin\(\)#0; in explicit tx`
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// exec is semaphore's helper: the text is the caller's, read at each
// call in the package.
func (d *Store) exec(query string, args ...interface{}) (sql.Result, error) {
	return d.sql.Exec(query, args...)
}

func (d *Store) selectOne(holder interface{}, query string, args ...interface{}) error {
	return d.sql.SelectOne(holder, query, args...)
}

func (d *Store) DeleteRunner(id int) error {
	_, err := d.exec("delete from runner where id=?", id) // want `delete runner where id=\$id on d\.sql`
	return err
}

func (d *Store) ByID(id int) (Runner, error) {
	var r Runner
	err := d.selectOne(&r, "select * from runner where id=?", id) // want `select runner where id=\$id reads id\->r\.ID,token\->r\.Token,quota\->r\.Quota on d\.sql; found\? err\(database/sql\.ErrNoRows\)`
	return r, err
}

// Exec on the interface both implement.
func Touch(ex gorp.SqlExecutor, id int) error {
	_, err := ex.Exec("update runner set quota=0 where id=?", id) // want `update runner set quota=0 where id=\$id on ex`
	return err
}

// PrepareQuery turns the placeholders into Postgres's on one branch, and
// returns the query as it was given on the other (semaphore's dialect
// rewrite): the statement is the caller's.
func (d *Store) PrepareQuery(query string) string {
	return prepareWithDialect(query, d.sql.Dialect)
}

func prepareWithDialect(query string, dialect gorp.Dialect) string {
	switch dialect.(type) {
	case gorp.PostgresDialect:
		var sb strings.Builder
		n := 1
		for _, r := range query {
			if r == '?' {
				sb.WriteString("$" + strconv.Itoa(n))
				n++
				continue
			}
			sb.WriteRune(r)
		}
		query = sb.String()
	}
	return query
}

func (d *Store) execPrepared(query string, args ...interface{}) (sql.Result, error) {
	return d.sql.Exec(d.PrepareQuery(query), args...)
}

func (d *Store) selectPrepared(holder interface{}, query string, args ...interface{}) error {
	return d.sql.SelectOne(holder, d.PrepareQuery(query), args...)
}

func (d *Store) SetQuota(id, quota int) error {
	_, err := d.execPrepared("update runner set quota=? where id=?", quota, id) // want `update runner set quota=\$quota where id=\$id on d\.sql`
	return err
}

func (d *Store) ByToken(token string) (Runner, error) {
	var r Runner
	err := d.selectPrepared(&r, "select * from runner where token=?", token) // want `select runner where token=\$token reads id\->r\.ID,token\->r\.Token,quota\->r\.Quota on d\.sql; found\? err\(database/sql\.ErrNoRows\)`
	return r, err
}

// pick chooses between two statements: not a rewrite of one, so only
// what they share is read, marked partial.
func pick(query string, other bool) string {
	if other {
		query = strings.Repeat("x", 2)
	}
	return query
}

func (d *Store) Picked(id int, other bool) error {
	_, err := d.sql.Exec(pick("delete from runner where id=?", other), id) // want `delete runner where id=\$id on d\.sql; partial`
	return err
}
