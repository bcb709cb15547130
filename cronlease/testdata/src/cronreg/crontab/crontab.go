// Package crontab is a service's own cron registry: packages register
// their jobs from init, NewCron schedules every registration, each
// wrapped in a function that prepares its context.
package crontab

import (
	"context"

	cron "github.com/robfig/cron/v3"
)

type TaskFunc func(ctx context.Context)

type registration struct {
	kind string
	fn   TaskFunc
}

var registrations []registration

// Register records a job for NewCron.
func Register(kind string, fn TaskFunc) {
	registrations = append(registrations, registration{kind: kind, fn: fn})
}

// NewCron schedules the registered jobs.
func NewCron(spec func(kind string) string) *cron.Cron {
	c := cron.New()
	for _, r := range registrations {
		c.AddFunc(spec(r.kind), wrap(r.kind, r.fn))
	}
	return c
}

func wrap(kind string, task TaskFunc) func() {
	return func() {
		task(context.WithValue(context.Background(), kindKey{}, kind))
	}
}

type kindKey struct{}

// Every schedules fn itself, through an unexported helper.
func Every(spec string, fn func()) {
	every(cron.New(), spec, fn)
}

func every(c *cron.Cron, spec string, fn func()) {
	c.AddFunc(spec, fn)
}

var hooks = map[string]func(context.Context){}

// OnShutdown keeps a hook run once, at shutdown.
func OnShutdown(name string, fn func(context.Context)) {
	hooks[name] = fn
}

func Shutdown(ctx context.Context) {
	for _, h := range hooks {
		h(ctx)
	}
}
