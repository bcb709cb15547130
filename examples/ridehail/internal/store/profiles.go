package store

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/idemvet/idemvet/examples/ridehail/internal/db"
)

// DriverProfile is the gorm model of driver_profiles.
type DriverProfile struct {
	DriverID    int64 `gorm:"primaryKey"`
	DisplayName string
	Vehicle     string
	RatingSum   int64
	RatingCount int64
}

// Rating is the gorm model of ratings: one per ride.
type Rating struct {
	RideID   int64 `gorm:"primaryKey"`
	DriverID int64 `gorm:"not null"`
	Stars    int16 `gorm:"not null"`
}

// Average returns the driver's mean rating.
func (p DriverProfile) Average() float64 {
	if p.RatingCount == 0 {
		return 0
	}
	return float64(p.RatingSum) / float64(p.RatingCount)
}

func (s *Store) Profile(ctx context.Context, driverID int64) (*DriverProfile, error) {
	var p DriverProfile
	err := s.Gorm.WithContext(ctx).First(&p, "driver_id = ?", driverID).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &p, err
}

// RateDriver records the rating, then folds it into the profile in Go and
// saves the whole profile: two riders rating the same driver at the same
// moment both read the old sums, and one rating vanishes from the average.
func (s *Store) RateDriver(ctx context.Context, rideID, driverID int64, stars int16) error {
	if err := s.Gorm.WithContext(ctx).Create(&Rating{RideID: rideID, DriverID: driverID, Stars: stars}).Error; err != nil {
		return err
	}
	var p DriverProfile
	if err := s.Gorm.WithContext(ctx).First(&p, "driver_id = ?", driverID).Error; err != nil {
		return err
	}
	p.RatingSum += int64(stars)
	p.RatingCount++
	return s.Gorm.WithContext(ctx).Save(&p).Error // HAZARD(lostupdate)
}

// RateDriverAtomic records the rating and updates the sums with SQL
// arithmetic in one transaction; a second rating of the same ride fails on
// the primary key and is reported, not counted twice.
func (s *Store) RateDriverAtomic(ctx context.Context, rideID, driverID int64, stars int16) error {
	return s.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Create(&Rating{RideID: rideID, DriverID: driverID, Stars: stars}).Error
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return ErrAlreadyRated
		}
		if err != nil {
			return err
		}
		return tx.Model(&DriverProfile{}).Where("driver_id = ?", driverID).Updates(map[string]any{"rating_sum": gorm.Expr("rating_sum + ?", stars), "rating_count": gorm.Expr("rating_count + 1")}).Error // SAFE(lostupdate): gorm.Expr arithmetic in SQL
	})
}

// SaveProfile stores the profile a driver edited in the app. UpdateAll
// writes every column of the request's profile, whose rating sums are zero:
// each edit wipes the driver's ratings.
func (s *Store) SaveProfile(ctx context.Context, p *DriverProfile) error {
	return s.Gorm.WithContext(ctx).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "driver_id"}}, UpdateAll: true}).Create(p).Error // HAZARD(upsert)
}

// SaveProfileFields updates only the columns the driver edits.
func (s *Store) SaveProfileFields(ctx context.Context, p *DriverProfile) error {
	return s.Gorm.WithContext(ctx).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "driver_id"}}, DoUpdates: clause.AssignmentColumns([]string{"display_name", "vehicle"})}).Create(p).Error // SAFE(upsert): the edited columns spelled out
}

// SyncDriver runs the fleet sync's upsert (v1), which puts every online
// driver back offline.
func (s *Store) SyncDriver(ctx context.Context, id int64, name string) error {
	return s.Q.UpsertDriverFromFleet(ctx, db.UpsertDriverFromFleetParams{ID: id, Name: name}) // HAZARD(upsert)
}

// SyncDriverName runs the v2 sync, which leaves status alone.
func (s *Store) SyncDriverName(ctx context.Context, id int64, name string) error {
	return s.Q.UpsertDriverName(ctx, db.UpsertDriverNameParams{ID: id, Name: name}) // SAFE(upsert): status left out of DO UPDATE
}
