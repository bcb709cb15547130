// Package river is a stand-in for github.com/riverqueue/river.
package river

import (
	"context"
	"time"

	"github.com/riverqueue/river/rivertype"
)

type JobArgs interface{ Kind() string }

type Job[T JobArgs] struct {
	*rivertype.JobRow
	Args T
}

type WorkerDefaults[T JobArgs] struct{}

type Worker[T JobArgs] interface {
	Work(ctx context.Context, job *Job[T]) error
}

type Workers struct{}

func NewWorkers() *Workers { return &Workers{} }

func AddWorker[T JobArgs](workers *Workers, worker Worker[T]) {}

type InsertOpts struct{ Queue string }

// PeriodicJobConstructor makes the args of each periodic run.
type PeriodicJobConstructor func() (JobArgs, *InsertOpts)

type PeriodicSchedule interface{ Next(t time.Time) time.Time }

type PeriodicJobOpts struct{ RunOnStart bool }

type PeriodicJob struct{}

func NewPeriodicJob(scheduleFunc PeriodicSchedule, constructorFunc PeriodicJobConstructor, opts *PeriodicJobOpts) *PeriodicJob {
	return &PeriodicJob{}
}

type interval time.Duration

func (i interval) Next(t time.Time) time.Time { return t.Add(time.Duration(i)) }

func PeriodicInterval(d time.Duration) PeriodicSchedule { return interval(d) }

type Config struct {
	PeriodicJobs []*PeriodicJob
	Workers      *Workers
}
