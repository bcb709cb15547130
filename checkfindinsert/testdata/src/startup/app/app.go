// Package app wires the service together.
package app

import "startup/config"

// Init prepares the data directory.
func Init(dir string) error { // want Init:"defers check-then-create in app.Init → config.EnsureDefault → config.writeDefault"
	_, err := config.EnsureDefault(dir) // ok: left to the callers of Init
	return err
}
