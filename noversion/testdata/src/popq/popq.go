// Package popq holds compare-and-set updates run through pop's RawQuery.
package popq

import (
	"errors"

	"github.com/gobuffalo/pop/v6"
)

// A compare-and-set whose count is not asked for: Exec reports no rows
// affected.
func Confirm(db *pop.Connection, id int) error {
	return db.RawQuery("UPDATE bookings SET status = 'confirmed' WHERE id = ? AND status = 'held'", id).Exec() // want `compare-and-set on bookings.status ignores rows affected`
}

// ---- silent ----

func ConfirmChecked(db *pop.Connection, id int) error {
	n, err := db.RawQuery("UPDATE bookings SET status = 'confirmed' WHERE id = ? AND status = 'held'", id).ExecWithCount() // ok: tested
	if err != nil {
		return err
	}
	if n == 0 {
		return errors.New("hold expired")
	}
	return nil
}

// No state predicate: an absolute write, not a compare-and-set.
func Cancel(db *pop.Connection, id int) error {
	return db.RawQuery("UPDATE bookings SET status = 'cancelled' WHERE id = ?", id).Exec() // ok: no predicate to test
}
