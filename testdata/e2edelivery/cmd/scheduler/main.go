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
	c.AddFunc("@daily", accrueLocked) // SAFE(cronlease): a tested redislock
	c.AddFunc("@hourly", fees)        // SAFE(cronlease): a tested redsync mutex
	c.AddFunc("@hourly", func() {     // SAFE(cronlease): DELETE only
		db.Exec(`DELETE FROM sessions WHERE expires_at < now()`)
	})
	c.AddJob("@weekly", statements{})                       // HAZARD(cronlease)
	c.AddJob("@weekly", cron.FuncJob(statementsLeased))     // SAFE(cronlease): a lease claimed and tested
	c.Schedule(cron.Every(time.Hour), cron.FuncJob(points)) // HAZARD(cronlease)
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

type statements struct{}

func (statements) Run() {
	db.Exec(`INSERT INTO statements (month) VALUES (date_trunc('month', now()))`)
}

func statementsLeased() {
	res, err := db.Exec(`UPDATE job_leases SET holder = $1, held_until = now() + interval '10 minutes' WHERE job_name = $2 AND held_until < now()`, "host-1", "statements")
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	db.Exec(`INSERT INTO statements (month) VALUES (date_trunc('month', now()))`)
}

func points() {
	db.Exec(`UPDATE members SET points = points + 1 WHERE active`)
}
