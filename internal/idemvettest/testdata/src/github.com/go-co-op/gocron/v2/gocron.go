// Package gocron is a stand-in for github.com/go-co-op/gocron/v2.
package gocron

import (
	"context"
	"time"
)

type Elector interface {
	IsLeader(context.Context) error
}

type SchedulerOption func(*scheduler) error

type scheduler struct{}

func WithDistributedElector(elector Elector) SchedulerOption { return nil }

type Locker interface {
	Lock(ctx context.Context, key string) (Lock, error)
}

type Lock interface {
	Unlock(ctx context.Context) error
}

func WithDistributedLocker(locker Locker) SchedulerOption { return nil }

func CronJob(crontab string, withSeconds bool) JobDefinition { return nil }

type Task func() task
type task struct{}

func NewTask(function any, parameters ...any) Task { return nil }

type JobDefinition interface{}

func DurationJob(duration time.Duration) JobDefinition { return nil }

type Job interface{ Name() string }
type JobOption func() error

type Scheduler interface {
	NewJob(JobDefinition, Task, ...JobOption) (Job, error)
	Start()
}

func NewScheduler(options ...SchedulerOption) (Scheduler, error) { return nil, nil }
