// Command gocronlocked schedules with a distributed locker: each run takes
// the locker's lock first.
package main

import (
	"context"
	"database/sql"
	"time"

	"github.com/go-co-op/gocron/v2"
)

var db *sql.DB

type pgLocker struct{}

func (pgLocker) Lock(ctx context.Context, key string) (gocron.Lock, error) { return nil, nil }

func main() {
	s, _ := gocron.NewScheduler(gocron.WithDistributedLocker(pgLocker{}))
	s.NewJob(gocron.CronJob("0 3 * * *", false), gocron.NewTask(func() { // ok: the locker runs each job once
		db.Exec(`UPDATE loans SET interest = interest + principal * 0.001`)
	}))
	s.NewJob(gocron.DurationJob(time.Hour), gocron.NewTask(charge)) // ok: the locker runs each job once
	s.Start()
}

func charge() {
	db.Exec(`INSERT INTO charges (day) VALUES (current_date)`)
}
