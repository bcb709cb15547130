// Package store wraps pop's connection with model writes that take the
// model as an interface{} and the columns as names: the callers' writes
// are the ones made on their models.
package store

import (
	"reflect"
	"strings"

	"github.com/gobuffalo/pop/v6"
)

type Connection struct {
	*pop.Connection
}

// UpdateOnly updates the includeColumns of model's row: pop's Update with
// every other column excluded.
func (c *Connection) UpdateOnly(model interface{}, includeColumns ...string) error { // want UpdateOnly:"update \\? on p0.Connection err@r0; model-wrapper columns model=p1 cols=p2"
	xcols, err := excludedColumns(model, includeColumns...)
	if err != nil {
		return err
	}
	return c.Update(model, xcols...)
}

// SetColumns passes the names on to UpdateColumns.
func (c *Connection) SetColumns(model interface{}, cols ...string) error { // want SetColumns:"update \\? on p0.Connection err@r0; model-wrapper columns model=p1 cols=p2"
	return c.UpdateColumns(model, cols...)
}

// Remove destroys model's row.
func Remove(c *pop.Connection, model interface{}) error { // want Remove:"delete \\? on p0 err@r0; model-wrapper delete model=p1 cols=p-1"
	return c.Destroy(model)
}

// UpdateStamp updates a list it makes up itself: no wrapper of the
// caller's columns.
func (c *Connection) UpdateStamp(model interface{}) error { // want UpdateStamp:"update \\? on p0.Connection err@r0$"
	return c.UpdateColumns(model, "updated_at")
}

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
		if col != "" && !keep[col] {
			xcols = append(xcols, col)
		}
	}
	return xcols, nil
}
