// Package store wraps pop's connection the way auth servers built on pop
// do: a Transaction that hands the callback a wrapper around the
// transaction, and UpdateOnly, an update of the listed columns written as
// pop's Update with every other column excluded.
package store

import (
	"reflect"
	"strings"

	"github.com/gobuffalo/pop/v6"
)

// Connection is the application's database handle.
type Connection struct {
	*pop.Connection
}

// Transaction runs fn in a transaction, or in the caller's when c is one.
func (c *Connection) Transaction(fn func(*Connection) error) error {
	if c.TX == nil {
		return c.Connection.Transaction(func(tx *pop.Connection) error {
			return fn(&Connection{Connection: tx})
		})
	}
	return fn(c)
}

// UpdateOnly updates the includeColumns of model's row.
func (c *Connection) UpdateOnly(model interface{}, includeColumns ...string) error {
	xcols, err := excludedColumns(model, includeColumns...)
	if err != nil {
		return err
	}
	return c.Update(model, xcols...)
}

// excludedColumns returns the columns of model other than include.
func excludedColumns(model interface{}, include ...string) ([]string, error) {
	t := reflect.TypeOf(model)
	if t.Kind() == reflect.Ptr {
		t = t.Elem()
	}
	keep := map[string]bool{}
	for _, c := range include {
		keep[c] = true
	}
	var xcols []string
	for i := 0; i < t.NumField(); i++ {
		col, _, _ := strings.Cut(t.Field(i).Tag.Get("db"), ",")
		if col != "" && col != "updated_at" && !keep[col] {
			xcols = append(xcols, col)
		}
	}
	return xcols, nil
}
