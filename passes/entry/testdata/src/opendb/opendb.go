// Package opendb opens its database in an exported constructor: a
// service does that once, while it starts, so what the constructor does
// with the database runs once. Functions given a database opened
// elsewhere keep callers out of view.
package opendb

import "database/sql"

type Store struct{ db *sql.DB }

// Open opens the database and seeds it.
func Open(dsn string) (*Store, error) { // want `no: reached only from opendb.Open, which opens its database`
	db, err := sql.Open("postgres", dsn)
	if err != nil {
		return nil, err
	}
	s := &Store{db: db}
	return s, s.seed()
}

func (s *Store) seed() error { // want `no: reached only from opendb.Open, which opens its database`
	_, err := s.db.Exec(`INSERT INTO settings (name) VALUES ('default')`)
	return err
}

// connect opens through a helper.
func connect(dsn string) (*sql.DB, error) { return sql.Open("postgres", dsn) } // want `no: reached only from opendb.Reconnect, which opens its database`

// Reconnect opens through connect.
func Reconnect(dsn string) (*Store, error) { // want `no: reached only from opendb.Reconnect, which opens its database`
	db, err := connect(dsn)
	return &Store{db: db}, err
}

// New uses a database its caller opened.
func New(db *sql.DB) *Store { // want `unknown: opendb.New is exported`
	s := &Store{db: db}
	s.ensure()
	return s
}

func (s *Store) ensure() {} // want `unknown: reached from opendb.New is exported`
