// Package crontab is a service's own cron registry: packages register
// their jobs from init, and NewCron schedules every registration later,
// each wrapped in a function that prepares its context.
package crontab

import (
	"context"

	cron "github.com/robfig/cron/v3"
)

type TaskFunc func(ctx context.Context)

type registration struct {
	name string
	fn   TaskFunc
}

var registrations []registration

// Register records a job; NewCron schedules it.
func Register(name string, fn TaskFunc) { // want `unknown: crontab.Register is exported`
	registrations = append(registrations, registration{name: name, fn: fn})
}

// NewCron schedules the registered jobs.
func NewCron() *cron.Cron { // want `unknown: crontab.NewCron is exported`
	c := cron.New()
	for _, r := range registrations {
		c.AddFunc("@daily", wrap(r.name, r.fn))
	}
	return c
}

func wrap(name string, task TaskFunc) func() { // want `reached from`
	return func() { // want `yes: a cron schedule registered at crontab.go:\d+`
		task(context.Background())
	}
}

// Every is an exported wrapper of an unexported one.
func Every(spec string, fn func()) { // want `unknown: crontab.Every is exported`
	every(cron.New(), spec, fn)
}

func every(c *cron.Cron, spec string, fn func()) { // want `reached from`
	c.AddFunc(spec, fn)
}

// Keep records a function it never schedules: a registry of callbacks
// run once, by hand.
var hooks = map[string]func(){}

func Keep(name string, fn func()) { // want `unknown: crontab.Keep is exported`
	hooks[name] = fn
}

func RunHooks() { // want `unknown: crontab.RunHooks is exported`
	for _, h := range hooks {
		h()
	}
}
