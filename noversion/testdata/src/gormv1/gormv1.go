package gormv1

import (
	"errors"

	"github.com/jinzhu/gorm"
)

type Ride struct {
	ID       uint `gorm:"primary_key"`
	Status   string
	DriverID uint
}

// The compare-and-set's RowsAffected is never read.
func Accept(db *gorm.DB, ride, driver uint) error {
	return db.Model(&Ride{}).Where("id = ? AND status = ?", ride, "searching").Updates(map[string]interface{}{"status": "accepted", "driver_id": driver}).Error // want `compare-and-set on rides.status ignores rows affected`
}

// ---- silent ----

func AcceptChecked(db *gorm.DB, ride, driver uint) error {
	res := db.Model(&Ride{}).Where("id = ? AND status = ?", ride, "searching").Updates(map[string]interface{}{"status": "accepted", "driver_id": driver}) // ok: RowsAffected tested
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return errors.New("ride taken")
	}
	return nil
}
