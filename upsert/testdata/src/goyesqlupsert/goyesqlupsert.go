// Package goyesqlupsert holds Postgres upserts kept in a .sql file and
// bound to prepared statements by goyesql's query tags.
package goyesqlupsert

import "github.com/jmoiron/sqlx"

type Queries struct {
	RecordVisit    *sqlx.Stmt `query:"record-visit"`
	RecordVisitAdd *sqlx.Stmt `query:"record-visit-add"`
}

type Visits struct{ q *Queries }

// The second visit of the day sets the counter back to 1.
func (v *Visits) Record(userID int64) error {
	_, err := v.q.RecordVisit.Exec(userID) // want `upsert resets daily_visits\.hits to 1 when the row exists`
	return err
}

// ok: the counter is added to.
func (v *Visits) RecordAdd(userID int64) error {
	_, err := v.q.RecordVisitAdd.Exec(userID)
	return err
}
