// Package store keeps a ledger's rows in a SQLite file it opens itself.
package store

import (
	"database/sql"
	"path/filepath"
)

type DB struct{ db *sql.DB }

// OpenFile opens the database file under dir and creates its tables.
func OpenFile(dir string) (*DB, error) {
	db, err := sql.Open("sqlite3", filepath.Join(dir, "ledger.db"))
	if err != nil {
		return nil, err
	}
	if _, err := db.Exec(`CREATE TABLE IF NOT EXISTS master_key (id INTEGER PRIMARY KEY, key BLOB)`); err != nil {
		return nil, err
	}
	return &DB{db: db}, nil
}

// Wrap uses a database its caller opened.
func Wrap(db *sql.DB) *DB { return &DB{db: db} }

func (s *DB) MasterKey() ([]byte, error) {
	var key []byte
	err := s.db.QueryRow(`SELECT key FROM master_key WHERE id = 1`).Scan(&key)
	return key, err
}

func (s *DB) SaveMasterKey(key []byte) error {
	_, err := s.db.Exec(`INSERT INTO master_key (id, key) VALUES (1, ?)`, key)
	return err
}
