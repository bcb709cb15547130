package pgxstore

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
	"github.com/idemvet/idemvet/testdata/e2e/internal/payments"
)

// RefundRide locks the ride, refunds the card over HTTP, then records the
// refund. Explicit Begin/Commit.
func (s *Store) RefundRide(ctx context.Context, rideID int64, chargeID string) error {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	var fare int64
	var status string
	if err := tx.QueryRow(ctx, `SELECT fare_cents, status FROM rides WHERE id = $1 FOR UPDATE`, rideID).Scan(&fare, &status); err != nil {
		return err
	}
	if status != "completed" {
		return domain.ErrConflict
	}
	if err := s.Payments.Refund(ctx, chargeID, fare); err != nil { // HAZARD(lockacrosscall)
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE rides SET status = 'refunded', updated_at = now() WHERE id = $1`, rideID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// ChargeRide locks the ride inside pgx.BeginFunc and charges the rider
// before the callback returns, that is, before COMMIT.
func (s *Store) ChargeRide(ctx context.Context, rideID int64) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var riderID, fare int64
		if err := tx.QueryRow(ctx, `SELECT rider_id, fare_cents FROM rides WHERE id = $1 FOR UPDATE`, rideID).Scan(&riderID, &fare); err != nil {
			return err
		}
		if _, err := s.Payments.Charge(ctx, payments.ChargeRequest{CustomerID: riderID, AmountCents: fare, Currency: "EUR"}); err != nil { // HAZARD(lockacrosscall)
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE rides SET status = 'paid', updated_at = now() WHERE id = $1`, rideID)
		return err
	})
}

// ChargeRideBeforeLock reads the fare with a plain SELECT (no row lock),
// charges, and only then locks and updates the ride.
func (s *Store) ChargeRideBeforeLock(ctx context.Context, rideID int64, key string) error {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	var riderID, fare int64
	if err := tx.QueryRow(ctx, `SELECT rider_id, fare_cents FROM rides WHERE id = $1`, rideID).Scan(&riderID, &fare); err != nil {
		return err
	}
	if _, err := s.Payments.ChargeWithKey(ctx, key, payments.ChargeRequest{CustomerID: riderID, AmountCents: fare, Currency: "EUR"}); err != nil { // SAFE(lockacrosscall): no lock taken and nothing written yet
		return err
	}
	tag, err := tx.Exec(ctx, `UPDATE rides SET status = 'paid', updated_at = now() WHERE id = $1 AND status = 'completed'`, rideID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrConflict
	}
	return tx.Commit(ctx)
}

// CloseRide finishes the database work in BeginFunc and refunds any
// overcharge once the transaction has committed.
func (s *Store) CloseRide(ctx context.Context, rideID int64, chargeID string, overcharge int64) error {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var status string
		if err := tx.QueryRow(ctx, `SELECT status FROM rides WHERE id = $1 FOR UPDATE`, rideID).Scan(&status); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE rides SET status = 'closed', updated_at = now() WHERE id = $1`, rideID)
		return err
	})
	if err != nil {
		return err
	}
	if overcharge > 0 {
		return s.Payments.Refund(ctx, chargeID, overcharge) // SAFE(lockacrosscall): BeginFunc has committed
	}
	return nil
}
