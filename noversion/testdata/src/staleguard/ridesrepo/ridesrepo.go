// Package ridesrepo is a pgx repository for rides.
package ridesrepo

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Ride struct {
	ID       int64
	Status   string
	DriverID *int64
}

type Repo struct{ pool *pgxpool.Pool }

func (r *Repo) Ride(ctx context.Context, id int64) (*Ride, error) {
	var ride Ride
	if err := r.pool.QueryRow(ctx, "SELECT id, status, driver_id FROM rides WHERE id = $1", id).Scan(&ride.ID, &ride.Status, &ride.DriverID); err != nil {
		return nil, err
	}
	return &ride, nil
}

// Assign sets the driver unconditionally.
func (r *Repo) Assign(ctx context.Context, id, driver int64) error {
	_, err := r.pool.Exec(ctx, "UPDATE rides SET status = 'accepted', driver_id = $2 WHERE id = $1", id, driver)
	return err
}

// AssignIfSearching is the compare-and-set, its outcome returned.
func (r *Repo) AssignIfSearching(ctx context.Context, id, driver int64) (bool, error) {
	tag, err := r.pool.Exec(ctx, "UPDATE rides SET status = 'accepted', driver_id = $2 WHERE id = $1 AND status = 'searching'", id, driver)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
