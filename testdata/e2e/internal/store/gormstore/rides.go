package gormstore

import (
	"context"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// AcceptRide guards on the state but only looks at res.Error.
func (s *Store) AcceptRide(ctx context.Context, rideID, driverID int64) error {
	res := s.DB.WithContext(ctx).Model(&Ride{}).Where("id = ? AND status = ?", rideID, "searching").Updates(map[string]any{"status": "accepted", "driver_id": driverID}) // HAZARD(noversion)
	if res.Error != nil {
		return res.Error
	}
	return nil
}

// AcceptRideChecked also examines RowsAffected.
func (s *Store) AcceptRideChecked(ctx context.Context, rideID, driverID int64) error {
	res := s.DB.WithContext(ctx).Model(&Ride{}).Where("id = ? AND status = ?", rideID, "searching").Updates(map[string]any{"status": "accepted", "driver_id": driverID}) // SAFE(noversion): RowsAffected checked
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return domain.ErrRideTaken
	}
	return nil
}
