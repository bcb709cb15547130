// Package popexec holds Postgres upserts run through pop's RawQuery, the
// way a pop service writes what its model API has no method for.
package popexec

import "github.com/gobuffalo/pop/v6"

// A daily counter upserted with its first value: the second visit of the
// day sets it back to 1.
func RecordVisit(db *pop.Connection, userID int) error {
	return db.RawQuery("INSERT INTO daily_visits (user_id, day, hits) VALUES (?, CURRENT_DATE, 1) ON CONFLICT (user_id, day) DO UPDATE SET hits = EXCLUDED.hits", userID).Exec() // want `upsert resets daily_visits\.hits to 1 when the row exists`
}

// ok: the counter is added to.
func RecordVisitAdd(db *pop.Connection, userID int) error {
	return db.RawQuery("INSERT INTO daily_visits (user_id, day, hits) VALUES (?, CURRENT_DATE, 1) ON CONFLICT (user_id, day) DO UPDATE SET hits = daily_visits.hits + 1", userID).Exec()
}

// ok: inside a Transaction callback, adding to the counter.
func RecordVisitTx(db *pop.Connection, userID int) error {
	return db.Transaction(func(tx *pop.Connection) error {
		_, err := tx.RawQuery("INSERT INTO daily_visits (user_id, day, hits) VALUES (?, CURRENT_DATE, 1) ON CONFLICT (user_id, day) DO UPDATE SET hits = daily_visits.hits + EXCLUDED.hits", userID).ExecWithCount()
		return err
	})
}
