// Package testfuncs keeps a process-local identifier; its tests call the
// helper directly.
package testfuncs

func heartbeatID(path string) string { return path } // want `(unknown: no caller in view|no: reached only from the test TestHeartbeatID)`

func shared(path string) string { return path } // want `(unknown: no caller in view|yes: reached from the parallel test testfuncs.TestShared)`

func serve(done chan<- error) { done <- nil } // want `(unknown: no caller in view|no: reached only from the test TestServe)`

func hammer(n int) {} // want `(unknown: no caller in view|yes: a goroutine started at heartbeat_test.go:\d+)`

func runAll(done chan<- error) error { return nil } // want `(unknown: no caller in view|no: reached only from the test TestRunAll)`
