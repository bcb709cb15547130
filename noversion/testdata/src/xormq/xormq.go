package xormq

import (
	"errors"

	"xorm.io/xorm"
)

type Booking struct {
	Id     int64
	Status string
}

// A compare-and-set whose affected count is dropped.
func Confirm(x *xorm.Engine, id int64) error {
	_, err := x.ID(id).Where("status = ?", "held").Cols("status").Update(&Booking{Status: "confirmed"}) // want `compare-and-set on booking.status ignores rows affected`
	return err
}

// ---- silent ----

func ConfirmChecked(x *xorm.Engine, id int64) error {
	affected, err := x.ID(id).Where("status = ?", "held").Cols("status").Update(&Booking{Status: "confirmed"}) // ok: tested
	if err != nil {
		return err
	}
	if affected == 0 {
		return errors.New("hold expired")
	}
	return nil
}

// No state predicate: an absolute write, not a compare-and-set.
func Cancel(x *xorm.Engine, id int64) error {
	_, err := x.ID(id).Cols("status").Update(&Booking{Status: "cancelled"}) // ok: no predicate to test
	return err
}
