// Package testfuncs keeps a process-local identifier; its tests call the
// helper directly.
package testfuncs

func heartbeatID(path string) string { return path } // want `(unknown: no caller in view|no: reached only from the test TestHeartbeatID)`

func shared(path string) string { return path } // want `(unknown: no caller in view|yes: reached from the parallel test testfuncs.TestShared)`
