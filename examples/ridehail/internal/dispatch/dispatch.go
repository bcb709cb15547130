// Package dispatch matches drivers to rides and settles fares.
package dispatch

import (
	"context"
	"fmt"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/idemvet/idemvet/examples/ridehail/internal/db"
	"github.com/idemvet/idemvet/examples/ridehail/internal/payments"
	"github.com/idemvet/idemvet/examples/ridehail/internal/store"
)

type Service struct {
	Store    *store.Store
	Payments *payments.Client
}

func driver(id int64) pgtype.Int8 { return pgtype.Int8{Int64: id, Valid: true} }

// AcceptRide is the original accept: a compare-and-set on status =
// 'searching' declared :exec in query.sql, so nobody learns whether it
// matched. Two drivers tapping "accept" both get 204 and both drive to the
// rider; only one is assigned.
func (s *Service) AcceptRide(ctx context.Context, rideID, driverID int64) error {
	return s.Store.Q.AcceptRide(ctx, db.AcceptRideParams{ID: rideID, DriverID: driver(driverID)}) // HAZARD(noversion)
}

// AcceptRideChecked uses the :execrows declaration of the same statement:
// zero rows means another driver won (or the ride was cancelled), and the
// loser is told so.
func (s *Service) AcceptRideChecked(ctx context.Context, rideID, driverID int64) error {
	n, err := s.Store.Q.AcceptRideChecked(ctx, db.AcceptRideCheckedParams{ID: rideID, DriverID: driver(driverID)}) // SAFE(noversion): affected rows tested
	if err != nil {
		return err
	}
	if n == 0 {
		return store.ErrRideTaken
	}
	return nil
}

// CompleteRide moves the ride to completed and returns it; the affected
// count tells whether this driver was on it.
func (s *Service) CompleteRide(ctx context.Context, rideID, driverID int64) (db.GetRideRow, error) {
	tag, err := s.Store.Q.CompleteRide(ctx, db.CompleteRideParams{ID: rideID, DriverID: driver(driverID)}) // SAFE(noversion): command tag tested
	if err != nil {
		return db.GetRideRow{}, err
	}
	if tag.RowsAffected() == 0 {
		return db.GetRideRow{}, store.ErrNotFound
	}
	return s.Store.Q.GetRide(ctx, rideID)
}

func retryOpts(ctx context.Context) []retry.Option {
	return []retry.Option{
		retry.Context(ctx),
		retry.Attempts(4),
		retry.Delay(300 * time.Millisecond),
		retry.RetryIf(payments.Retryable),
		retry.LastErrorOnly(true),
	}
}

// ChargeFare is the original fare capture: the charge is retried on
// timeouts and 5xx without an Idempotency-Key. A timeout after the
// processor charged the card means a second charge on the next attempt.
func (s *Service) ChargeFare(ctx context.Context, ride db.GetRideRow) (*payments.Charge, error) {
	req := payments.ChargeRequest{RiderID: ride.RiderID, AmountCents: ride.FareCents, Currency: "EUR", Description: fmt.Sprintf("ride %d", ride.ID)}
	return retry.DoWithData(func() (*payments.Charge, error) {
		return s.Payments.Charge(ctx, req) // HAZARD(retrypost)
	}, retryOpts(ctx)...)
}

// ChargeFareIdempotent derives the key from the ride before retrying: all
// attempts (and any later re-run of the job) carry the same key, and the
// processor charges once.
func (s *Service) ChargeFareIdempotent(ctx context.Context, ride db.GetRideRow) (*payments.Charge, error) {
	key := fmt.Sprintf("ride-%d-fare", ride.ID)
	req := payments.ChargeRequest{RiderID: ride.RiderID, AmountCents: ride.FareCents, Currency: "EUR", Description: fmt.Sprintf("ride %d", ride.ID)}
	return retry.DoWithData(func() (*payments.Charge, error) {
		return s.Payments.ChargeIdempotent(ctx, key, req) // SAFE(retrypost): stable Idempotency-Key derived from the ride
	}, retryOpts(ctx)...)
}

// OpenRides lists rides waiting for a driver.
func (s *Service) OpenRides(ctx context.Context, limit int32) ([]db.ListSearchingRidesRow, error) {
	return s.Store.Q.ListSearchingRides(ctx, limit)
}
