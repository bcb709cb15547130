// Package store wraps pop's connection with model writes that take the
// model as an interface{} and the columns as names: the callers' writes
// are the ones made on their models.
package store

import (
	"context"
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

// UpdateRow writes every column of the model's own row, found by its
// primary key: UpdateQuery of the model's column names under a condition
// on its id.
func (c *Connection) UpdateRow(ctx context.Context, model interface{}) (int64, error) { // want UpdateRow:"update \\? on p0.Connection found:count@r0 err@r1 rows@r0; model-wrapper columns model=p2 cols=p-1"
	m := pop.NewModel(model, ctx)
	cs := make([]string, 0, len(m.Columns().Cols))
	for _, col := range m.Columns().Cols {
		cs = append(cs, col.Name)
	}
	return c.Where(m.IDField()+" = ?", m.ID()).UpdateQuery(model, cs...)
}

// UpdateWhere writes the rows of a condition its caller gives: not the
// model's own row.
func (c *Connection) UpdateWhere(model interface{}, status string, cols ...string) (int64, error) { // want UpdateWhere:"update \\? status=p2 on p0.Connection found:count@r0 err@r1 rows@r0$"
	return c.Where("status = ?", status).UpdateQuery(model, cols...)
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
