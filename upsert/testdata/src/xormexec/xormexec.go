// Package xormexec holds MySQL upserts run through xorm's Exec, the way an
// xorm service writes what its session API has no method for.
package xormexec

import "xorm.io/xorm"

// A daily counter upserted with its first value: the second visit of the
// day sets it back to 1.
func RecordVisit(x *xorm.Engine, userID int64) error {
	_, err := x.Exec("INSERT INTO daily_visit (user_id, day, hits) VALUES (?, CURDATE(), 1) ON DUPLICATE KEY UPDATE hits = VALUES(hits)", userID) // want `upsert resets daily_visit\.hits to 1 when the row exists`
	return err
}

// ok: the counter is added to.
func RecordVisitAdd(x *xorm.Engine, userID int64) error {
	_, err := x.Exec("INSERT INTO daily_visit (user_id, day, hits) VALUES (?, CURDATE(), 1) ON DUPLICATE KEY UPDATE hits = hits + VALUES(hits)", userID)
	return err
}

// ok: a session's Exec inside Engine.Transaction, adding to the counter.
func RecordVisitTx(x *xorm.Engine, userID int64) error {
	_, err := x.Transaction(func(s *xorm.Session) (interface{}, error) {
		return s.Exec("INSERT INTO daily_visit (user_id, day, hits) VALUES (?, CURDATE(), 1) ON DUPLICATE KEY UPDATE hits = hits + 1", userID)
	})
	return err
}
