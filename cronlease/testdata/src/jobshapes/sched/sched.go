// Package sched wraps the cron library for the service's jobs: each job
// returns an error, which the wrapper logs.
package sched

import (
	"context"
	"log"

	cron "github.com/robfig/cron/v3"
)

// Scheduler runs the service's jobs.
type Scheduler struct {
	c *cron.Cron
}

// New returns a scheduler.
func New() *Scheduler { return &Scheduler{c: cron.New()} }

// Every registers job at spec.
func (s *Scheduler) Every(spec string, job func(context.Context) error) {
	s.c.AddFunc(spec, func() {
		if err := job(context.Background()); err != nil {
			log.Print(err)
		}
	})
}

// Start starts the schedule.
func (s *Scheduler) Start() { s.c.Start() }
