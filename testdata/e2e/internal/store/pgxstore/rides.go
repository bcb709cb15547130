package pgxstore

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// StartRide moves the ride from accepted to in_progress and drops the
// command tag: a ride that was cancelled meanwhile "starts" anyway.
func (s *Store) StartRide(ctx context.Context, rideID, driverID int64) error {
	_, err := s.Pool.Exec(ctx, `UPDATE rides SET status = 'in_progress', updated_at = now() WHERE id = $1 AND driver_id = $2 AND status = 'accepted'`, rideID, driverID) // HAZARD(noversion)
	return err
}

// AcceptRide reads the compare-and-set's outcome off the command tag.
func (s *Store) AcceptRide(ctx context.Context, rideID, driverID int64) error {
	tag, err := s.Pool.Exec(ctx, `UPDATE rides SET status = 'accepted', driver_id = $2, updated_at = now() WHERE id = $1 AND status = 'searching'`, rideID, driverID) // SAFE(noversion): tag.RowsAffected() checked
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrRideTaken
	}
	return nil
}

// AcceptRideReturning learns the outcome from RETURNING: no row, no win.
func (s *Store) AcceptRideReturning(ctx context.Context, rideID, driverID int64) (int64, error) {
	var fare int64
	err := s.Pool.QueryRow(ctx, `UPDATE rides SET status = 'accepted', driver_id = $2, updated_at = now() WHERE id = $1 AND status = 'searching' RETURNING fare_cents`, rideID, driverID).Scan(&fare) // SAFE(noversion): RETURNING scanned, ErrNoRows means the race was lost
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, domain.ErrRideTaken
	}
	return fare, err
}

// AcceptRideAndAnnounce accepts the ride and writes the Kafka event before
// committing: the ride row stays locked while Kafka answers, and the event
// is out even if the commit then fails.
func (s *Store) AcceptRideAndAnnounce(ctx context.Context, rideID, driverID int64) error {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	tag, err := tx.Exec(ctx, `UPDATE rides SET status = 'accepted', driver_id = $2, updated_at = now() WHERE id = $1 AND status = 'searching'`, rideID, driverID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrRideTaken
	}
	if err := s.Events.RideAccepted(ctx, rideID, driverID); err != nil { // HAZARD(lockacrosscall)
		return err
	}
	return tx.Commit(ctx)
}

// AcceptRideWithOutbox records the event in the outbox inside the
// transaction; the relay publishes it once committed.
func (s *Store) AcceptRideWithOutbox(ctx context.Context, rideID, driverID int64) error {
	payload, err := json.Marshal(map[string]int64{"ride_id": rideID, "driver_id": driverID})
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE rides SET status = 'accepted', driver_id = $2, updated_at = now() WHERE id = $1 AND status = 'searching'`, rideID, driverID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return domain.ErrRideTaken
		}
		_, err = tx.Exec(ctx, `INSERT INTO outbox (topic, payload) VALUES ('rides.accepted', $1)`, payload) // SAFE(lockacrosscall): queries on the transaction itself
		return err
	})
}

// ClaimLease takes the job lease when it has expired; RETURNING tells who
// won.
func (s *Store) ClaimLease(ctx context.Context, job, holder string) (bool, error) {
	var got string
	err := s.Pool.QueryRow(ctx, `UPDATE job_leases SET holder = $2, held_until = now() + interval '10 minutes' WHERE job_name = $1 AND held_until < now() RETURNING holder`, job, holder).Scan(&got) // SAFE(noversion): state-guarded claim whose RETURNING row is examined
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}
