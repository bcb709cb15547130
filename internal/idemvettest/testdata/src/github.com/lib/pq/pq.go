// Package pq is a stand-in for github.com/lib/pq.
package pq

type ErrorCode string

func (ec ErrorCode) Name() string { return string(ec) }

type Error struct {
	Severity   string
	Code       ErrorCode
	Message    string
	Constraint string
}

func (err *Error) Error() string { return err.Message }
