// Package river is a stand-in for github.com/riverqueue/river.
package river

import (
	"context"

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
