// Package ledger loads a ledger: the constructor opens the store and, on
// the first run, generates and saves the master key. Its callers are out
// of view, but a service opens its database once, while it starts: the
// key's check-then-insert there runs once per process. The same check
// made by a method, on a store the caller opened, serves requests.
package ledger

import (
	"crypto/rand"
	"database/sql"
	"errors"

	"startup/vault/store"
)

type Ledger struct {
	db  *store.DB
	key []byte
}

// Load opens the ledger's store under dir.
func Load(dir string) (*Ledger, error) {
	db, err := store.OpenFile(dir)
	if err != nil {
		return nil, err
	}
	key, err := db.MasterKey()
	if errors.Is(err, sql.ErrNoRows) {
		key = make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, err
		}
		if err := db.SaveMasterKey(key); err != nil { // ok: Load opens its database, start-up code
			return nil, err
		}
	} else if err != nil {
		return nil, err
	}
	return &Ledger{db: db, key: key}, nil
}

// New uses a database its caller opened: request-time code may call it.
func New(conn *sql.DB) (*Ledger, error) {
	db := store.Wrap(conn)
	key, err := db.MasterKey()
	if errors.Is(err, sql.ErrNoRows) {
		key = make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, err
		}
		if err := db.SaveMasterKey(key); err != nil { // want `check-then-insert on master_key\(id\)`
			return nil, err
		}
	} else if err != nil {
		return nil, err
	}
	return &Ledger{db: db, key: key}, nil
}

// Rotate replaces a missing key on request.
func (l *Ledger) Rotate() error {
	if _, err := l.db.MasterKey(); !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return err
	}
	return l.db.SaveMasterKey(key) // want `check-then-insert on master_key\(id\)`
}
