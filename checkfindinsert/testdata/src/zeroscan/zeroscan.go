// Package zeroscan holds lookups by helpers that swallow sql.ErrNoRows
// and hand back the scanned value: false or 0 when no row matched.
package zeroscan

import (
	"database/sql"
	"errors"
	"fmt"
)

type Item struct {
	ID       int64
	SourceID int64
	Digest   string
	Title    string
}

type Store struct{ db *sql.DB }

// itemKnown scans a constant column: the flag stays false when no row
// matched, and the "no rows" never reaches the caller.
func (s *Store) itemKnown(tx *sql.Tx, it *Item) (bool, error) {
	var known bool
	err := tx.QueryRow(`SELECT true FROM items WHERE source_id=$1 AND digest=$2 LIMIT 1`, it.SourceID, it.Digest).Scan(&known)
	if err != nil && err != sql.ErrNoRows {
		return known, fmt.Errorf("store: item lookup: %v", err)
	}
	return known, nil
}

// itemIDByDigest returns 0 for "no rows".
func (s *Store) itemIDByDigest(tx *sql.Tx, sourceID int64, digest string) (int64, error) {
	var id int64
	err := tx.QueryRow(`SELECT id FROM items WHERE source_id=$1 AND digest=$2`, sourceID, digest).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("store: item id: %v", err)
	}
	return id, nil
}

// titleLength returns 0 for "no rows", and for a row with an empty title.
func (s *Store) titleLength(tx *sql.Tx, sourceID int64, digest string) (int, error) {
	var n int
	err := tx.QueryRow(`SELECT title_length FROM items WHERE source_id=$1 AND digest=$2`, sourceID, digest).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return n, err
}

func (s *Store) insertItem(tx *sql.Tx, it *Item) error {
	return tx.QueryRow(`INSERT INTO items (source_id, digest, title) VALUES ($1, $2, $3) RETURNING id`, it.SourceID, it.Digest, it.Title).Scan(&it.ID)
}

func (s *Store) insertItemIfAbsent(tx *sql.Tx, it *Item) error {
	_, err := tx.Exec(`INSERT INTO items (source_id, digest, title) VALUES ($1, $2, $3) ON CONFLICT (source_id, digest) DO NOTHING`, it.SourceID, it.Digest, it.Title)
	return err
}

// Sync looks each item up and inserts the unknown ones, one transaction
// per item: two syncs of one source both find nothing.
func (s *Store) Sync(sourceID int64, items []*Item) error {
	for _, it := range items {
		it.SourceID = sourceID
		tx, err := s.db.Begin()
		if err != nil {
			return err
		}
		known, err := s.itemKnown(tx, it)
		if err != nil {
			tx.Rollback()
			return err
		}
		if !known {
			if err := s.insertItem(tx, it); err != nil { // want `check-then-insert on items\(source_id, digest\): a concurrent request can insert between the lookup by zeroscan.Store.itemKnown at zeroscan.go:72 and this insert`
				tx.Rollback()
				return err
			}
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// Add stores one item unless its digest is known, by the id the helper
// returns.
func (s *Store) Add(sourceID int64, it *Item) (bool, error) {
	it.SourceID = sourceID
	tx, err := s.db.Begin()
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	id, err := s.itemIDByDigest(tx, it.SourceID, it.Digest)
	if err != nil {
		return false, err
	}
	existing := id > 0
	if existing {
		it.ID = id
	} else if err := s.insertItem(tx, it); err != nil { // want `check-then-insert on items\(source_id, digest\)`
		return false, err
	}
	return !existing, tx.Commit()
}

// ---- silent ----

// SyncIfAbsent keeps the lookup; the insert itself skips a duplicate.
func (s *Store) SyncIfAbsent(sourceID int64, items []*Item) error {
	for _, it := range items {
		it.SourceID = sourceID
		tx, err := s.db.Begin()
		if err != nil {
			return err
		}
		known, err := s.itemKnown(tx, it)
		if err != nil {
			tx.Rollback()
			return err
		}
		if !known {
			if err := s.insertItemIfAbsent(tx, it); err != nil { // ok: ON CONFLICT DO NOTHING
				tx.Rollback()
				return err
			}
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// AddByLength decides on a column a found row may hold at 0: no lookup
// outcome.
func (s *Store) AddByLength(it *Item) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	n, err := s.titleLength(tx, it.SourceID, it.Digest)
	if err != nil {
		return err
	}
	if n == 0 {
		if err := s.insertItem(tx, it); err != nil { // ok: a zero length is no "not found"
			return err
		}
	}
	return tx.Commit()
}

// AddOrFail inserts only when the helper found the row's id (a copy
// under another source): the insert is on the found side.
func (s *Store) AddOrFail(it *Item, from int64) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	id, err := s.itemIDByDigest(tx, from, it.Digest)
	if err != nil {
		return err
	}
	if id == 0 {
		return errors.New("no such item")
	}
	if err := s.insertItem(tx, it); err != nil { // ok: runs when the lookup found a row
		return err
	}
	return tx.Commit()
}
