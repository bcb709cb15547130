package bunq

import (
	"context"
	"errors"

	"github.com/uptrace/bun"
)

type Booking struct {
	ID     int64 `bun:",pk"`
	Status string
}

func Confirm(ctx context.Context, db *bun.DB, id int64) error {
	_, err := db.NewUpdate().Model((*Booking)(nil)).Set("status = ?", "confirmed").Where("id = ?", id).Where("status = ?", "held").Exec(ctx) // want `compare-and-set on bookings.status ignores rows affected`
	return err
}

// ---- silent ----

func ConfirmChecked(ctx context.Context, db *bun.DB, id int64) error {
	res, err := db.NewUpdate().Model((*Booking)(nil)).Set("status = ?", "confirmed").Where("id = ?", id).Where("status = ?", "held").Exec(ctx) // ok: tested
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errors.New("hold expired")
	}
	return nil
}
