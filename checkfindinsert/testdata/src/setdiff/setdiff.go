// Package setdiff stores the links of a post: the links in the database
// are read into a map keyed by URL, and those of the new version missing
// from it are inserted.
package setdiff

import (
	"database/sql"
)

type Link struct {
	ID     int64
	PostID int64
	URL    string
	Title  string
}

type Store struct{ db *sql.DB }

func (s *Store) links(tx *sql.Tx, post int64) ([]*Link, error) {
	rows, err := tx.Query("SELECT id, post_id, url, title FROM links WHERE post_id = $1", post)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Link
	for rows.Next() {
		var l Link
		if err := rows.Scan(&l.ID, &l.PostID, &l.URL, &l.Title); err != nil {
			return nil, err
		}
		out = append(out, &l)
	}
	return out, rows.Err()
}

func (s *Store) addLink(tx *sql.Tx, l *Link) error {
	_, err := tx.Exec("INSERT INTO links (post_id, url, title) VALUES ($1, $2, $3)", l.PostID, l.URL, l.Title)
	return err
}

// Sync inserts the links not in the map: two saves of the post at once
// both miss a new URL and both insert it.
func (s *Store) Sync(tx *sql.Tx, post int64, links []*Link) error {
	old, err := s.links(tx, post)
	if err != nil {
		return err
	}
	byURL := map[string]*Link{}
	for _, l := range old {
		byURL[l.URL] = l
	}
	for _, l := range links {
		if _, ok := byURL[l.URL]; !ok {
			if err := s.addLink(tx, l); err != nil { // want `check-then-insert on links\(post_id, url\)`
				return err
			}
		}
	}
	return nil
}

// SyncLater collects the missing links first and inserts them in a second
// loop.
func (s *Store) SyncLater(tx *sql.Tx, post int64, links []*Link) error {
	old, err := s.links(tx, post)
	if err != nil {
		return err
	}
	byURL := map[string]*Link{}
	for _, l := range old {
		byURL[l.URL] = l
	}
	toAdd := map[string]*Link{}
	for _, l := range links {
		if _, ok := byURL[l.URL]; !ok {
			toAdd[l.URL] = l
		}
	}
	for _, l := range toAdd {
		if err := s.addLink(tx, l); err != nil { // want `check-then-insert on links\(post_id, url\)`
			return err
		}
	}
	return nil
}

// SyncUpsert inserts the missing links with ON CONFLICT DO NOTHING on a
// unique index: the race is harmless.
func (s *Store) SyncUpsert(tx *sql.Tx, post int64, links []*Link) error {
	old, err := s.links(tx, post)
	if err != nil {
		return err
	}
	byURL := map[string]bool{}
	for _, l := range old {
		byURL[l.URL] = true
	}
	for _, l := range links {
		if !byURL[l.URL] {
			if _, err := tx.Exec("INSERT INTO links (post_id, url, title) VALUES ($1, $2, $3) ON CONFLICT (post_id, url) DO NOTHING", l.PostID, l.URL, l.Title); err != nil {
				return err
			}
		}
	}
	return nil
}

// Titles updates the titles of the links it finds: no insert.
func (s *Store) Titles(tx *sql.Tx, post int64, links []*Link) error {
	old, err := s.links(tx, post)
	if err != nil {
		return err
	}
	byURL := map[string]*Link{}
	for _, l := range old {
		byURL[l.URL] = l
	}
	for _, l := range links {
		if o, ok := byURL[l.URL]; ok {
			if _, err := tx.Exec("UPDATE links SET title = $1 WHERE id = $2", l.Title, o.ID); err != nil {
				return err
			}
		}
	}
	return nil
}

// Seen keys the map by something other than a column read (a local
// counter), then inserts: no lookup of the database decides it.
func (s *Store) Seen(tx *sql.Tx, post int64, links []*Link) error {
	seen := map[string]bool{}
	for _, l := range links {
		if seen[l.URL] {
			continue
		}
		seen[l.URL] = true
		if err := s.addLink(tx, l); err != nil {
			return err
		}
	}
	return nil
}

// Replace queues every link, found or not: the map decides nothing.
func (s *Store) Replace(tx *sql.Tx, post int64, links []*Link) error {
	old, err := s.links(tx, post)
	if err != nil {
		return err
	}
	byURL := map[string]*Link{}
	for _, l := range old {
		byURL[l.URL] = l
	}
	toAdd := map[string]*Link{}
	for _, l := range links {
		if _, ok := byURL[l.URL]; !ok {
			l.Title = "new"
		}
		toAdd[l.URL] = l
	}
	for _, l := range toAdd {
		if err := s.addLink(tx, l); err != nil {
			return err
		}
	}
	return nil
}

// Tag inserts the missing tags of a post by the post's own id, read as
// the URLs are.
func (s *Store) Tag(tx *sql.Tx, post int64, urls []string) error {
	rows, err := tx.Query("SELECT url FROM links WHERE post_id = $1", post)
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for rows.Next() {
		var u string
		if err := rows.Scan(&u); err != nil {
			return err
		}
		have[u] = true
	}
	rows.Close()
	for _, u := range urls {
		if !have[u] {
			if _, err := tx.Exec("INSERT INTO links (post_id, url) VALUES ($1, $2)", post, u); err != nil { // want `check-then-insert on links\(post_id, url\)`
				return err
			}
		}
	}
	return nil
}
