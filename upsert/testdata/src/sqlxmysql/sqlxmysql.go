// Package sqlxmysql holds MySQL upserts run through sqlx.
package sqlxmysql

import (
	"github.com/jmoiron/sqlx"
)

type Repo struct{ db *sqlx.DB }

// A duplicate payment notification sets a captured payment back to
// pending.
func (r *Repo) RecordPayment(id string, amount int64) error {
	_, err := r.db.Exec("INSERT INTO payments (id, amount, status) VALUES (?, ?, 'pending') ON DUPLICATE KEY UPDATE amount = VALUES(amount), status = VALUES(status)", id, amount) // want `upsert resets payments\.status to 'pending' when the row exists: a retried or duplicate insert undoes transitions made since; leave status out of ON DUPLICATE KEY UPDATE, or update it only WHERE payments\.status = 'pending'`
	return err
}

// MySQL 8's row alias.
func (r *Repo) CountView(pageID int64) error {
	_, err := r.db.Exec("INSERT INTO page_views (page_id, views) VALUES (?, 1) AS new ON DUPLICATE KEY UPDATE views = new.views", pageID) // want `upsert resets page_views\.views to 1 when the row exists: a retried or duplicate insert undoes increments made since; add to it instead: views = views \+ VALUES\(views\)`
	return err
}

// ok: the MySQL form of the increment.
func (r *Repo) CountViewAtomic(pageID int64) error {
	_, err := r.db.Exec("INSERT INTO page_views (page_id, views) VALUES (?, 1) ON DUPLICATE KEY UPDATE views = views + VALUES(views)", pageID)
	return err
}

// ok: LAST_INSERT_ID(id) returns the existing row's id.
func (r *Repo) TagID(name string) error {
	_, err := r.db.Exec("INSERT INTO tags (name) VALUES (?) ON DUPLICATE KEY UPDATE id = LAST_INSERT_ID(id)", name)
	return err
}

// ok: without a schema, what the REPLACE loses is not known (a table of
// these three columns that nothing references loses nothing).
func (r *Repo) SaveSession(id string, userID int64, data []byte) error {
	_, err := r.db.Exec("REPLACE INTO sessions (id, user_id, data) VALUES (?, ?, ?)", id, userID, data)
	return err
}

// ok: the right form of the session write.
func (r *Repo) SaveSessionUpdate(id string, userID int64, data []byte) error {
	_, err := r.db.Exec("INSERT INTO sessions (id, user_id, data) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE data = VALUES(data)", id, userID, data)
	return err
}

// ok: INSERT IGNORE on a business key, no schema.
func (r *Repo) Subscribe(userID, topicID int64) error {
	_, err := r.db.Exec("INSERT IGNORE INTO subscriptions (user_id, topic_id) VALUES (?, ?)", userID, topicID)
	return err
}

// Named parameters from a struct: the caller's data.
type Setting struct {
	Key   string `db:"key"`
	Value string `db:"value"`
}

// ok: sqlx NamedExec binds the caller's struct.
func (r *Repo) PutSetting(s Setting) error {
	_, err := r.db.NamedExec("INSERT INTO settings (`key`, value) VALUES (:key, :value) ON DUPLICATE KEY UPDATE value = VALUES(value)", s)
	return err
}
