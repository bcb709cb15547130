package repo

import (
	"context"
	"database/sql"
)

type Rides struct{ db *sql.DB }

// Accept returns the count: its callers decide.
func (r *Rides) Accept(ctx context.Context, ride, driver int64) (int64, error) {
	res, err := r.db.ExecContext(ctx, "UPDATE rides SET status = 'accepted', driver_id = $2 WHERE id = $1 AND status = 'searching'", ride, driver) // ok: returned
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Cancel drops the count: reported here, not at its callers.
func (r *Rides) Cancel(ctx context.Context, ride int64) error {
	_, err := r.db.ExecContext(ctx, "UPDATE rides SET status = 'cancelled' WHERE id = $1 AND status = 'searching'", ride) // want `compare-and-set on rides.status ignores rows affected`
	return err
}
