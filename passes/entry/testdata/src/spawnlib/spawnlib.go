// Package spawnlib is an application's own goroutine helper.
package spawnlib

func Go(name string, f func()) { // want `unknown: spawnlib.Go is exported`
	go func() { // want `yes: a goroutine started`
		f()
	}()
}

func Run(f func()) { // want `unknown: spawnlib.Run is exported`
	f()
}
