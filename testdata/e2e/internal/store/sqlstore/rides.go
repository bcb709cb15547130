package sqlstore

import (
	"context"
	"encoding/json"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// AcceptRide is a compare-and-set on the ride's state whose outcome is
// thrown away: a driver who lost the race is told he won.
func (s *Store) AcceptRide(ctx context.Context, rideID, driverID int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE rides SET status = 'accepted', driver_id = $2, updated_at = now() WHERE id = $1 AND status = 'searching'`, rideID, driverID) // HAZARD(noversion)
	return err
}

// AcceptRideChecked examines the affected-row count.
func (s *Store) AcceptRideChecked(ctx context.Context, rideID, driverID int64) error {
	res, err := s.DB.ExecContext(ctx, `UPDATE rides SET status = 'accepted', driver_id = $2, updated_at = now() WHERE id = $1 AND status = 'searching'`, rideID, driverID) // SAFE(noversion): RowsAffected is compared with 1
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n != 1 {
		return domain.ErrRideTaken
	}
	return nil
}

// CompleteRide marks the ride completed and, before committing, announces
// it on NATS: the updated row stays locked for the publish.
func (s *Store) CompleteRide(ctx context.Context, rideID int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	res, err := tx.ExecContext(ctx, `UPDATE rides SET status = 'completed', updated_at = now() WHERE id = $1 AND status = 'in_progress'`, rideID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrConflict
	}
	payload, _ := json.Marshal(map[string]int64{"ride_id": rideID})
	if err := s.Events.NATS.Publish("rides.completed", payload); err != nil { // HAZARD(lockacrosscall)
		return err
	}
	return tx.Commit()
}

// CancelRide writes the event to the outbox in the same transaction; the
// relay publishes it after commit.
func (s *Store) CancelRide(ctx context.Context, rideID int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	res, err := tx.ExecContext(ctx, `UPDATE rides SET status = 'cancelled', updated_at = now() WHERE id = $1 AND status IN ('searching', 'accepted')`, rideID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrConflict
	}
	payload, _ := json.Marshal(map[string]int64{"ride_id": rideID})
	if _, err := tx.ExecContext(ctx, `INSERT INTO outbox (topic, payload) VALUES ('rides.cancelled', $1)`, payload); err != nil { // SAFE(lockacrosscall): outbox row in the transaction, published after commit
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	// Best effort: the outbox relay delivers the event if this publish fails.
	_ = s.Events.Publish("rides.cancelled", payload) // SAFE(lockacrosscall): after Commit
	return nil
}
