// Package generatedkey stores a feed and its entries: CreateFeed inserts
// the feed, gets its id back from INSERT ... RETURNING, and stores each
// entry not stored yet under that id. No other request knows the new
// feed's id before CreateFeed returns it, so none can insert its entries
// between the lookup and the insert. Refresh stores the entries of a feed
// its caller names: a concurrent refresh of the same feed races.
package generatedkey

import "database/sql"

type Entry struct {
	FeedID int64
	Hash   string
	Title  string
}

type Feed struct {
	ID      int64
	URL     string
	Entries []*Entry
}

type Store struct{ db *sql.DB }

func (s *Store) entryExists(tx *sql.Tx, e *Entry) (bool, error) {
	var found bool
	err := tx.QueryRow(`SELECT true FROM entries WHERE feed_id = $1 AND hash = $2`, e.FeedID, e.Hash).Scan(&found)
	if err == sql.ErrNoRows {
		return false, nil
	}
	return found, err
}

func (s *Store) createEntry(tx *sql.Tx, e *Entry) error {
	_, err := tx.Exec(`INSERT INTO entries (feed_id, hash, title) VALUES ($1, $2, $3)`, e.FeedID, e.Hash, e.Title)
	return err
}

// CreateFeed stores a new feed, then its entries under the new id.
func (s *Store) CreateFeed(feed *Feed) error {
	err := s.db.QueryRow(`INSERT INTO feeds (url) VALUES ($1) RETURNING id`, feed.URL).Scan(&feed.ID)
	if err != nil {
		return err
	}
	for _, entry := range feed.Entries {
		entry.FeedID = feed.ID
		tx, err := s.db.Begin()
		if err != nil {
			return err
		}
		exists, err := s.entryExists(tx, entry)
		if err != nil {
			tx.Rollback()
			return err
		}
		if !exists {
			if err := s.createEntry(tx, entry); err != nil { // ok: the feed's id was just generated
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

// Refresh stores new entries of an existing feed.
func (s *Store) Refresh(feedID int64, entries []*Entry) error {
	for _, entry := range entries {
		entry.FeedID = feedID
		tx, err := s.db.Begin()
		if err != nil {
			return err
		}
		exists, err := s.entryExists(tx, entry)
		if err != nil {
			tx.Rollback()
			return err
		}
		if !exists {
			if err := s.createEntry(tx, entry); err != nil { // want `check-then-insert on entries\(feed_id, hash\)`
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

// Import stores entries under the id an earlier lookup of the feed found:
// a feed other requests know.
func (s *Store) Import(url string, entries []*Entry) error {
	var feed Feed
	if err := s.db.QueryRow(`SELECT id FROM feeds WHERE url = $1`, url).Scan(&feed.ID); err != nil {
		return err
	}
	for _, entry := range entries {
		entry.FeedID = feed.ID
		tx, err := s.db.Begin()
		if err != nil {
			return err
		}
		exists, err := s.entryExists(tx, entry)
		if err != nil {
			tx.Rollback()
			return err
		}
		if !exists {
			if err := s.createEntry(tx, entry); err != nil { // want `check-then-insert on entries\(feed_id, hash\)`
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
