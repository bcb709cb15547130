package testfuncs

import "testing"

func TestHeartbeatID(t *testing.T) { // want `no: reached only from the test TestHeartbeatID`
	t.Run("stable", func(t *testing.T) { // want `no: reached only from the test TestHeartbeatID`
		if heartbeatID("a") != heartbeatID("a") {
			t.Fatal("unstable")
		}
	})
}

func TestShared(t *testing.T) { // want `yes: the parallel test testfuncs.TestShared`
	t.Parallel()
	shared("b")
}
