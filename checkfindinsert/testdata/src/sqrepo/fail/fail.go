// Package fail maps sentinel errors to the typed business errors the API
// returns.
package fail

import "errors"

var (
	ErrMissing = errors.New("0007")
	ErrTaken   = errors.New("0011")
)

// NotFound is the business error of an entity that does not exist.
type NotFound struct{ Entity, Code string }

func (e NotFound) Error() string { return e.Entity + " not found" }

// Conflict is the business error of an entity that exists already.
type Conflict struct{ Entity, Code string }

func (e Conflict) Error() string { return e.Entity + " exists" }

// Business returns the business error for a sentinel, or the sentinel.
func Business(err error, entity string) error {
	table := map[error]error{
		ErrMissing: NotFound{Entity: entity, Code: ErrMissing.Error()},
		ErrTaken:   Conflict{Entity: entity, Code: ErrTaken.Error()},
	}
	if mapped, ok := table[err]; ok {
		return mapped
	}
	return err
}
