// Package sqlutil holds the write executors of a service that runs on
// SQLite or Postgres: on SQLite every write is queued to one worker
// goroutine, so that writes never contend for the database lock.
package sqlutil

import (
	"database/sql"
	"sync/atomic"
)

// Writer runs a function that writes, when it is safe to do so.
type Writer interface {
	Do(db *sql.DB, txn *sql.Tx, f func(txn *sql.Tx) error) error
}

// WithTransaction runs fn in a transaction on db.
func WithTransaction(db *sql.DB, fn func(txn *sql.Tx) error) error {
	txn, err := db.Begin()
	if err != nil {
		return err
	}
	if err := fn(txn); err != nil {
		txn.Rollback()
		return err
	}
	return txn.Commit()
}

// DummyWriter runs the function at once, in the caller's goroutine.
type DummyWriter struct{}

func NewDummyWriter() Writer { return &DummyWriter{} }

func (w *DummyWriter) Do(db *sql.DB, txn *sql.Tx, f func(txn *sql.Tx) error) error {
	if db != nil && txn == nil {
		return WithTransaction(db, f)
	}
	return f(txn)
}

type writerTask struct {
	db   *sql.DB
	txn  *sql.Tx
	f    func(txn *sql.Tx) error
	wait chan error
}

// ExclusiveWriter queues the functions to one worker goroutine, which
// runs them one at a time.
type ExclusiveWriter struct {
	running atomic.Bool
	todo    chan writerTask
}

func NewExclusiveWriter() Writer {
	return &ExclusiveWriter{todo: make(chan writerTask)}
}

func (w *ExclusiveWriter) Do(db *sql.DB, txn *sql.Tx, f func(txn *sql.Tx) error) error {
	if !w.running.Load() {
		go w.run()
	}
	task := writerTask{db: db, txn: txn, f: f, wait: make(chan error, 1)}
	w.todo <- task
	return <-task.wait
}

// run is the worker: a second one started while the first runs returns.
func (w *ExclusiveWriter) run() {
	if !w.running.CompareAndSwap(false, true) {
		return
	}
	defer w.running.Store(false)
	for task := range w.todo {
		if task.db != nil && task.txn == nil {
			task.wait <- WithTransaction(task.db, func(txn *sql.Tx) error {
				return task.f(txn)
			})
		} else {
			task.wait <- task.f(task.txn)
		}
		close(task.wait)
	}
}

// QueueWriter has one worker, started by its constructor.
type QueueWriter struct {
	queue chan writerTask
}

func NewQueueWriter() *QueueWriter {
	w := &QueueWriter{queue: make(chan writerTask, 16)}
	go w.loop()
	return w
}

func (w *QueueWriter) Do(db *sql.DB, txn *sql.Tx, f func(txn *sql.Tx) error) error {
	task := &writerTask{db: db, txn: txn, f: f, wait: make(chan error, 1)}
	w.queue <- *task
	return <-task.wait
}

func (w *QueueWriter) loop() {
	for task := range w.queue {
		task.wait <- WithTransaction(task.db, task.f)
	}
}

// PoolWriter hands the functions to a pool of workers: they run
// concurrently, up to the pool's size.
type PoolWriter struct {
	jobs chan writerTask
}

func NewPoolWriter(n int) *PoolWriter {
	w := &PoolWriter{jobs: make(chan writerTask)}
	for i := 0; i < n; i++ {
		go w.work()
	}
	return w
}

func (w *PoolWriter) Do(db *sql.DB, txn *sql.Tx, f func(txn *sql.Tx) error) error {
	task := writerTask{db: db, txn: txn, f: f, wait: make(chan error, 1)}
	w.jobs <- task
	return <-task.wait
}

func (w *PoolWriter) work() {
	for task := range w.jobs {
		task.wait <- WithTransaction(task.db, task.f)
	}
}

// SpawnWriter starts a goroutine for each function it is given.
type SpawnWriter struct {
	tasks chan writerTask
}

func (w *SpawnWriter) Do(db *sql.DB, txn *sql.Tx, f func(txn *sql.Tx) error) error {
	go w.serve()
	task := writerTask{db: db, txn: txn, f: f, wait: make(chan error, 1)}
	w.tasks <- task
	return <-task.wait
}

func (w *SpawnWriter) serve() {
	for task := range w.tasks {
		task.wait <- WithTransaction(task.db, task.f)
	}
}
