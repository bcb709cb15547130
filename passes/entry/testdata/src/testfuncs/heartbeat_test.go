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

// The service under test started once beside the test.
func TestServe(t *testing.T) { // want `no: reached only from the test TestServe`
	done := make(chan error)
	go serve(done)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// Many goroutines at once: a concurrency test.
func TestHammer(t *testing.T) { // want `no: reached only from the test TestHammer`
	for i := 0; i < 8; i++ {
		go hammer(i)
	}
}

// The service under test started once in a closure beside the test.
func TestRunAll(t *testing.T) { // want `no: reached only from the test TestRunAll`
	done := make(chan error, 1)
	go func() { done <- runAll(done) }() // want `no: reached only from the test TestRunAll`
	<-done
}
