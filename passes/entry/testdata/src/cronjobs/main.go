package main

import cron "github.com/robfig/cron/v3"

func main() { // want `no: reached only from main`
	c := cron.New()
	c.AddFunc("@hourly", settle)
	c.Start()
	select {}
}

func settle() {} // want `yes: a cron schedule registered at main.go:\d+`

// start registers its jobs through the package's own wrappers.
func start(c *cron.Cron) { // want `no caller in view`
	every(c, "@daily", func() { // want `yes: a cron schedule registered at main.go:\d+`
		report()
	})
	background(func() { // want `yes: a goroutine started at main.go:\d+`
		report()
	})
}

func every(c *cron.Cron, spec string, cmd func()) { // want `no caller in view|reached from`
	c.AddFunc(spec, cmd)
}

func background(fn func()) { // want `no caller in view|reached from`
	go fn()
}

func report() {} // want `yes: reached from`
