// Package svc upserts through the application's own database layer.
package svc

import (
	"context"

	"dbwrap/db"
)

type Visits struct{ bus *db.Bus }

// The second visit of the day sets the counter back to 1.
func (v *Visits) Record(ctx context.Context, userID int64) error {
	_, err := v.bus.Run(ctx, "INSERT INTO daily_visits (user_id, day, hits) VALUES ($1, CURRENT_DATE, 1) ON CONFLICT (user_id, day) DO UPDATE SET hits = EXCLUDED.hits", userID) // want `upsert resets daily_visits\.hits to 1 when the row exists`
	return err
}

// ok: the counter is added to.
func (v *Visits) RecordAdd(ctx context.Context, userID int64) error {
	_, err := v.bus.Run(ctx, "INSERT INTO daily_visits (user_id, day, hits) VALUES ($1, CURRENT_DATE, 1) ON CONFLICT (user_id, day) DO UPDATE SET hits = daily_visits.hits + 1", userID)
	return err
}
