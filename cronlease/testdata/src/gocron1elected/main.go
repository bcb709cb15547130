// Command gocron1elected runs its jobs on a gocron v1 scheduler with a
// distributed locker: one instance runs each.
package main

import (
	"context"
	"database/sql"
	"time"

	"github.com/go-co-op/gocron"
)

var db *sql.DB

type locker struct{}

func (locker) Lock(ctx context.Context, key string) (gocron.Lock, error) { return nil, nil }

func main() {
	s := gocron.NewScheduler(time.UTC)
	s.WithDistributedLocker(locker{})
	s.Every(1).Day().Do(accrue) // ok: the scheduler's locker runs it in one instance
	s.StartAsync()
}

func accrue() {
	db.Exec(`UPDATE loans SET interest = interest + principal * 0.001`)
}
