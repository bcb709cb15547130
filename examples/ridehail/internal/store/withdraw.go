package store

import (
	"context"
	"errors"

	"gorm.io/gorm"
)

// WithdrawRating deletes a rider's rating of a ride and takes it out of
// the driver's rating count. It reads the profile, subtracts in Go and
// writes the count back: two withdrawals at once both read the old count,
// and the profile keeps one rating too many. idemvet suggests the fix
// (idemvet -fix -diff ./... shows it): let the database do the
// arithmetic, Update("rating_count", gorm.Expr("rating_count - ?", 1)).
// It has a second hazard: the rating found is deleted without looking at
// how many rows the DELETE removed, so two withdrawals both find it, one
// deletes nothing, and both go on to decrement the count.
func (s *Store) WithdrawRating(ctx context.Context, rideID, driverID int64) error {
	var r Rating
	err := s.Gorm.WithContext(ctx).First(&r, "ride_id = ?", rideID).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil // withdrawn already
	}
	if err != nil {
		return err
	}
	if err := s.Gorm.WithContext(ctx).Delete(&r).Error; err != nil { // HAZARD(noversion)
		return err
	}
	var p DriverProfile
	if err := s.Gorm.WithContext(ctx).First(&p, "driver_id = ?", driverID).Error; err != nil {
		return err
	}
	return s.Gorm.WithContext(ctx).Model(&p).Update("rating_count", p.RatingCount-1).Error // HAZARD(lostupdate)
}

// WithdrawRatingAtomic is WithdrawRating with the arithmetic in SQL, as
// idemvet's suggested fix writes it.
func (s *Store) WithdrawRatingAtomic(ctx context.Context, rideID, driverID int64) error {
	res := s.Gorm.WithContext(ctx).Where("ride_id = ?", rideID).Delete(&Rating{})
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error // withdrawn already, or failed
	}
	return s.Gorm.WithContext(ctx).Model(&DriverProfile{}).Where("driver_id = ?", driverID).Update("rating_count", gorm.Expr("rating_count - ?", 1)).Error // SAFE(lostupdate): the count is decremented in SQL
}
