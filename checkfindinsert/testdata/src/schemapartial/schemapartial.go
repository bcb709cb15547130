package schemapartial

import (
	"context"
	"database/sql"
)

// The partial unique index covers active rides: a duplicate active ride is
// rejected, but the rejection is not handled.
func StartRide(ctx context.Context, db *sql.DB, driver int64) error {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM rides WHERE driver_id = $1 AND status = 'active'", driver).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	_, err := db.ExecContext(ctx, "INSERT INTO rides (driver_id, status) VALUES ($1, 'active')", driver) // want `check-then-insert on rides\(driver_id, status\): the UNIQUE constraint rides_one_active rejects`
	return err
}

// A scheduled ride is not covered by the index: duplicates are possible.
func ScheduleRide(ctx context.Context, db *sql.DB, driver int64) error {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM rides WHERE driver_id = $1", driver).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	_, err := db.ExecContext(ctx, "INSERT INTO rides (driver_id, status) VALUES ($1, 'scheduled')", driver) // want `check-then-insert on rides\(driver_id\): no UNIQUE constraint covers the key`
	return err
}

// The lookup counts active rides and the insert writes the status its
// caller asks for: the duplicates the lookup guards against are active
// rides, which the index rejects, and the rejection is not handled.
func ResumeRide(ctx context.Context, db *sql.DB, driver int64, status string) error {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM rides WHERE driver_id = $1 AND status = 'active'", driver).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	_, err := db.ExecContext(ctx, "INSERT INTO rides (driver_id, status) VALUES ($1, $2)", driver, status) // want `check-then-insert on rides\(driver_id, status\): the UNIQUE constraint rides_one_active rejects`
	return err
}
