// Package work is a stand-in for github.com/gocraft/work.
package work

type Job struct {
	Name       string
	ID         string
	EnqueuedAt int64
	Args       map[string]interface{}
	Fails      int64
}

func (j *Job) ArgString(key string) string { return "" }

func (j *Job) ArgInt64(key string) int64 { return 0 }

type JobOptions struct {
	Priority uint
	MaxFails uint
}

type WorkerPool struct{}

func NewWorkerPool(ctx interface{}, concurrency uint, namespace string, pool interface{}) *WorkerPool {
	return &WorkerPool{}
}

func (wp *WorkerPool) Job(name string, fn interface{}) *WorkerPool { return wp }

func (wp *WorkerPool) JobWithOptions(name string, jobOpts JobOptions, fn interface{}) *WorkerPool {
	return wp
}

func (wp *WorkerPool) Start() {}
