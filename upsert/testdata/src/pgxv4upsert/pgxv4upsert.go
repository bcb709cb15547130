// Package pgxv4upsert holds Postgres upserts run through a pgx v4 pool.
package pgxv4upsert

import (
	"context"

	"github.com/jackc/pgx/v4/pgxpool"
)

// A daily counter upserted with its first value: the second visit of the
// day sets it back to 1.
func RecordVisit(ctx context.Context, pool *pgxpool.Pool, userID int64) error {
	_, err := pool.Exec(ctx, "INSERT INTO daily_visits (user_id, day, hits) VALUES ($1, CURRENT_DATE, 1) ON CONFLICT (user_id, day) DO UPDATE SET hits = EXCLUDED.hits", userID) // want `upsert resets daily_visits\.hits to 1 when the row exists`
	return err
}

// ok: the counter is added to.
func RecordVisitAdd(ctx context.Context, pool *pgxpool.Pool, userID int64) error {
	_, err := pool.Exec(ctx, "INSERT INTO daily_visits (user_id, day, hits) VALUES ($1, CURRENT_DATE, 1) ON CONFLICT (user_id, day) DO UPDATE SET hits = daily_visits.hits + 1", userID)
	return err
}
