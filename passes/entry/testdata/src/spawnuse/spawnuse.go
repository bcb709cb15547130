package spawnuse

import "spawnlib"

func start() { // want `no caller in view`
	spawnlib.Go("sync", func() { // want `yes: a goroutine started at spawnuse.go:\d+`
		syncAll()
	})
	spawnlib.Run(func() { // want `no caller in view`
		once()
	})
}

func syncAll() {} // want `yes: reached from a goroutine`

func once() {} // want `unknown: reached from no caller|no caller in view`
