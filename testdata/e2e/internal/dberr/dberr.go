// Package dberr classifies driver errors independently of the driver.
package dberr

import (
	"errors"

	"github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/lib/pq"
	"gorm.io/gorm"
)

// IsUniqueViolation reports whether err is a unique-constraint violation
// raised by any of the drivers this service talks to.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		return pqErr.Code == "23505"
	}
	var myErr *mysql.MySQLError
	if errors.As(err, &myErr) {
		return myErr.Number == 1062
	}
	return errors.Is(err, gorm.ErrDuplicatedKey)
}

// IsSerializationFailure reports whether err is a PostgreSQL serialization
// failure (SQLSTATE 40001), after which a SERIALIZABLE transaction must be
// retried from the start.
func IsSerializationFailure(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "40001"
	}
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		return pqErr.Code == "40001"
	}
	return false
}
