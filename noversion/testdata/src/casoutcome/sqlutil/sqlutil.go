// Package sqlutil holds the helpers a service writes once: they take the
// result of an Exec and turn 0 rows into an error.
package sqlutil

import (
	"database/sql"
	"errors"
)

var ErrNoRows = errors.New("no rows affected")

// CheckOne takes what ExecContext returns.
func CheckOne(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n != 1 {
		return ErrNoRows
	}
	return nil
}

// MustAffect takes the result alone.
func MustAffect(res sql.Result) error {
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNoRows
	}
	return nil
}
