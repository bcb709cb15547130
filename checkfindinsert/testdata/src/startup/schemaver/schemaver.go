// Package schemaver keeps the schema's version in a one-row table. The
// function that creates the table on first use (engine.Sync) is run by
// the upgrade command or at start-up, once: its first-run insert races
// nothing. A function that seeds the same row without syncing the table
// keeps its callers out of view and is reported.
package schemaver

import "xorm.io/xorm"

type SchemaVersion struct {
	ID     int64 `xorm:"pk id"`
	Number int64 `xorm:"number"`
}

// CurrentSchemaVersion returns the stored version, storing 0 on the first
// run.
func CurrentSchemaVersion(engine *xorm.Engine) (int64, error) {
	if err := engine.Sync(new(SchemaVersion)); err != nil {
		return 0, err
	}
	v := &SchemaVersion{ID: 1}
	has, err := engine.Get(v)
	if err != nil {
		return 0, err
	}
	if !has {
		_, err := engine.InsertOne(&SchemaVersion{ID: 1}) // ok: the schema is synced here, at start-up or upgrade
		return 0, err
	}
	return v.Number, nil
}

// EnsureSchemaVersionRow stores version 0 when no row exists, in a table it
// assumes exists.
func EnsureSchemaVersionRow(engine *xorm.Engine) error {
	v := &SchemaVersion{ID: 1}
	has, err := engine.Get(v)
	if err != nil {
		return err
	}
	if !has {
		_, err := engine.InsertOne(&SchemaVersion{ID: 1}) // want `check-then-insert on schema_version\(id\)`
		return err
	}
	return nil
}
