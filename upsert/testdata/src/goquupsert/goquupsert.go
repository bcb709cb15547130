// Package goquupsert holds PostgreSQL upserts built with goqu's
// OnConflict(goqu.DoUpdate(...)).
package goquupsert

import (
	"time"

	"github.com/doug-martin/goqu/v9"
)

// A daily counter upserted with its first value: the second visit of the
// day sets it back to 1.
func RecordVisit(db *goqu.Database, userID int64, day time.Time) error {
	_, err := db.Insert("daily_visits").Rows(goqu.Record{"user_id": userID, "day": day, "hits": 1}).
		OnConflict(goqu.DoUpdate("user_id, day", goqu.Record{"hits": goqu.L("EXCLUDED.hits")})).Executor().Exec() // want `upsert resets daily_visits\.hits to 1 when the row exists`
	return err
}

// ok: the counter is added to.
func RecordVisitAdd(db *goqu.Database, userID int64, day time.Time) error {
	_, err := db.Insert("daily_visits").Rows(goqu.Record{"user_id": userID, "day": day, "hits": 1}).
		OnConflict(goqu.DoUpdate("user_id, day", goqu.Record{"hits": goqu.L("daily_visits.hits + 1")})).Executor().Exec()
	return err
}

// ok: nothing is written to an existing row.
func RecordFirstVisit(db *goqu.Database, userID int64, day time.Time) error {
	_, err := db.Insert("daily_visits").Rows(goqu.Record{"user_id": userID, "day": day, "hits": 1}).
		OnConflict(goqu.DoNothing()).Executor().Exec()
	return err
}
