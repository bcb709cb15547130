// Package dotsqlupsert holds Postgres upserts kept in a .sql file and run
// by name with dotsql.
package dotsqlupsert

import (
	"database/sql"

	"github.com/qustavo/dotsql"
)

type Visits struct {
	db  *sql.DB
	dot *dotsql.DotSql
}

// The second visit of the day sets the counter back to 1.
func (v *Visits) Record(userID int64) error {
	_, err := v.dot.Exec(v.db, "record-visit", userID) // want `upsert resets daily_visits\.hits to 1 when the row exists`
	return err
}

// ok: the counter is added to.
func (v *Visits) RecordAdd(userID int64) error {
	_, err := v.dot.Exec(v.db, "record-visit-add", userID)
	return err
}
