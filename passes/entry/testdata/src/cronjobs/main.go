package main

import cron "github.com/robfig/cron/v3"

func main() { // want `no: reached only from main`
	c := cron.New()
	c.AddFunc("@hourly", settle)
	c.Start()
	select {}
}

func settle() {} // want `yes: a cron schedule registered at main.go:\d+`
