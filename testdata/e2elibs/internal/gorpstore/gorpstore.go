// Package gorpstore is a store written with go-gorp/gorp v3: text and
// arguments through the DbMap, and helpers that rewrite the placeholders
// for the dialect, as semaphore's SqlDb does.
package gorpstore

import (
	"database/sql"
	"errors"
	"strconv"
	"strings"

	"github.com/go-gorp/gorp/v3"
)

var ErrTaken = errors.New("taken")

type Store struct{ sql *gorp.DbMap }

func New(db *sql.DB) *Store {
	return &Store{sql: &gorp.DbMap{Db: db, Dialect: gorp.PostgresDialect{}}}
}

type Key struct {
	ID      int    `db:"id"`
	Name    string `db:"name"`
	Balance int    `db:"balance"`
}

func (s *Store) prepare(query string) string {
	if _, ok := s.sql.Dialect.(gorp.PostgresDialect); !ok {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (s *Store) exec(query string, args ...interface{}) (sql.Result, error) {
	return s.sql.Exec(s.prepare(query), args...)
}

func (s *Store) selectOne(holder interface{}, query string, args ...interface{}) error {
	return s.sql.SelectOne(holder, s.prepare(query), args...)
}

func (s *Store) CreateKey(name string) error {
	var k Key
	err := s.selectOne(&k, "select * from access_key where name=?", name)
	if err == nil {
		return ErrTaken
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = s.exec("insert into access_key (name) values (?)", name) // HAZARD(checkfindinsert)
	return err
}

func (s *Store) Charge(id, n int) error {
	var k Key
	if err := s.selectOne(&k, "select * from access_key where id=?", id); err != nil {
		return err
	}
	_, err := s.exec("update access_key set balance=? where id=?", k.Balance-n, id) // HAZARD(lostupdate)
	return err
}

func (s *Store) ChargeAtomic(id, n int) error {
	_, err := s.exec("update access_key set balance=balance-? where id=?", n, id) // SAFE(lostupdate): the decrement is atomic
	return err
}
