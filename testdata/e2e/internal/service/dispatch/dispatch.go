// Package dispatch assigns drivers to rides through sqlc queries.
package dispatch

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/idemvet/idemvet/testdata/e2e/internal/db/pgxq"
	"github.com/idemvet/idemvet/testdata/e2e/internal/db/sqlq"
	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

type Service struct {
	Pgx *pgxq.Queries
	SQL *sqlq.Queries
}

// Accept calls the compare-and-set declared :exec: it cannot tell a win
// from a loss.
func (s *Service) Accept(ctx context.Context, rideID, driverID int64) error {
	return s.Pgx.AcceptRide(ctx, pgxq.AcceptRideParams{ID: rideID, DriverID: pgtype.Int8{Int64: driverID, Valid: true}}) // HAZARD(noversion)
}

// AcceptLegacy is Accept on the database/sql flavour.
func (s *Service) AcceptLegacy(ctx context.Context, rideID, driverID int64) error {
	if err := s.SQL.AcceptRide(ctx, sqlq.AcceptRideParams{ID: rideID, DriverID: sqlNullInt64(driverID)}); err != nil { // HAZARD(noversion)
		return err
	}
	return nil
}

// AcceptChecked uses the :execrows declaration and tests it.
func (s *Service) AcceptChecked(ctx context.Context, rideID, driverID int64) error {
	n, err := s.Pgx.AcceptRideChecked(ctx, pgxq.AcceptRideCheckedParams{ID: rideID, DriverID: pgtype.Int8{Int64: driverID, Valid: true}}) // SAFE(noversion): :execrows, n tested
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.ErrRideTaken
	}
	return nil
}

// Cancel tests the :execresult's RowsAffected.
func (s *Service) Cancel(ctx context.Context, rideID int64) error {
	res, err := s.SQL.CancelRide(ctx, rideID) // SAFE(noversion): RowsAffected of the :execresult tested
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return domain.ErrConflict
	}
	return nil
}

// CancelPgx tests the pgx :execresult's command tag.
func (s *Service) CancelPgx(ctx context.Context, rideID int64) error {
	tag, err := s.Pgx.CancelRide(ctx, rideID) // SAFE(noversion): tag.RowsAffected() tested
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrConflict
	}
	return nil
}

// RunSweeper claims the sweeper lease but throws the count away, so every
// instance sweeps.
func (s *Service) RunSweeper(ctx context.Context, instance string, sweep func(context.Context) error) error {
	if _, err := s.Pgx.ClaimJobLease(ctx, pgxq.ClaimJobLeaseParams{JobName: "sweeper", Holder: instance}); err != nil { // HAZARD(noversion)
		return err
	}
	return sweep(ctx)
}

// RunSweeperLeased sweeps only when this instance won the lease.
func (s *Service) RunSweeperLeased(ctx context.Context, instance string, sweep func(context.Context) error) error {
	n, err := s.Pgx.ClaimJobLease(ctx, pgxq.ClaimJobLeaseParams{JobName: "sweeper", Holder: instance}) // SAFE(noversion): lease count tested
	if err != nil {
		return err
	}
	if n != 1 {
		return nil
	}
	return sweep(ctx)
}
