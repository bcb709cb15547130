// Package errors is a stand-in for github.com/go-mysql/errors: MySQL
// driver errors mapped to sentinels of its own.
package errors

import stderrors "errors"

var (
	ErrCannotConnect = stderrors.New("cannot connect")
	ErrDupeKey       = stderrors.New("duplicate key value")
)

// Error returns the package's sentinel for a MySQL error, and whether err
// was one.
func Error(err error) (bool, error) { return false, err }
