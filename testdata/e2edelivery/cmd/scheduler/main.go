// Command scheduler runs the periodic jobs, in every replica.
package main

import (
	"context"
	"database/sql"
	"time"

	"github.com/bsm/redislock"
	"github.com/go-co-op/gocron/v2"
	"github.com/go-redsync/redsync/v4"
	"github.com/go-redsync/redsync/v4/redis/goredis/v9"
	"github.com/redis/go-redis/v9"
	"github.com/robfig/cron/v3"
)

var (
	db  *sql.DB
	rdb *redis.Client
)

func main() {
	c := cron.New()
	c.AddFunc("@daily", accrue)       // HAZARD(cronlease)
	c.AddFunc("@daily", accrueLocked) // a tested redislock
	c.AddFunc("@hourly", fees)        // a tested redsync mutex
	c.AddFunc("@hourly", func() {     // DELETE only
		db.Exec(`DELETE FROM sessions WHERE expires_at < now()`)
	})
	c.Start()

	s, _ := gocron.NewScheduler()
	s.NewJob(gocron.DurationJob(time.Hour), gocron.NewTask(bonus)) // HAZARD(cronlease)
	s.Start()
	select {}
}

func accrue() {
	db.Exec(`UPDATE loans SET interest = interest + principal * 0.001`)
}

func accrueLocked() {
	ctx := context.Background()
	lock, err := redislock.Obtain(ctx, rdb, "accrue", time.Hour, nil)
	if err != nil {
		return
	}
	defer lock.Release(ctx)
	db.Exec(`UPDATE loans SET interest = interest + principal * 0.001`)
}

func fees() {
	rs := redsync.New(goredis.NewPool(rdb))
	m := rs.NewMutex("fees")
	if err := m.TryLock(); err != nil {
		return
	}
	defer m.Unlock()
	db.Exec(`UPDATE accounts SET fees = fees + 1 WHERE plan = 'basic'`)
}

func bonus() {
	db.Exec(`INSERT INTO bonuses (day) VALUES (current_date)`)
}
