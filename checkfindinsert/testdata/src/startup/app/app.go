// Package app wires the service together.
package app

import "startup/config"

// Init prepares the data directory. Named as a start-up step, it runs
// once (passes/entry), so nothing is left to its callers.
func Init(dir string) error {
	_, err := config.EnsureDefault(dir) // ok: a start-up step
	return err
}
