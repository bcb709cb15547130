// Command cronlocks runs billing jobs in every replica, some behind a
// distributed lock.
package main

import (
	"context"
	"database/sql"
	"time"

	"github.com/bsm/redislock"
	"github.com/go-redsync/redsync/v4"
	"github.com/nats-io/nats.go"
	"github.com/redis/go-redis/v9"
	cron "github.com/robfig/cron/v3"
)

var (
	db     *sql.DB
	rdb    *redis.Client
	locker *redislock.Client
	rs     *redsync.Redsync
	nc     *nats.Conn
)

func main() {
	c := cron.New()

	// ---- reported ----
	c.AddFunc("@daily", invoiceUnlocked) // want `cron job main.invoiceUnlocked runs in every instance at the same time and repeats its insert into invoices`
	c.AddFunc("@daily", invoiceLockErr)  // want `cron job main.invoiceLockErr runs in every instance .* insert into invoices`
	c.AddFunc("@hourly", mutexIgnored)   // want `cron job main.mutexIgnored runs in every instance .* relative update of accounts.fees`
	c.AddFunc("@hourly", setnxIgnored)   // want `cron job main.setnxIgnored runs in every instance .* relative update of accounts.fees`
	c.AddFunc("@every 1m", announce)     // want `cron job main.announce runs in every instance .* NATS publish`
	c.AddFunc("@daily", rollup)          // want `cron job main.rollup runs in every instance .* relative upsert of daily_totals.amount`

	// ---- silent ----
	c.AddFunc("@daily", invoiceLocked) // ok: redislock obtained and tested
	c.AddFunc("@hourly", mutexLocked)  // ok: redsync mutex tested
	c.AddFunc("@hourly", setnxLocked)  // ok: SET NX tested
	c.AddFunc("@daily", snapshot)      // ok: an upsert of absolute values
	c.AddFunc("@daily", rollupLeased)  // ok: a lease first
	c.Start()
	select {}
}

func invoiceUnlocked() {
	db.Exec(`INSERT INTO invoices (period) VALUES (date_trunc('month', now()))`)
}

// The error says whether the lock was obtained; dropping it runs anyway.
func invoiceLockErr() {
	ctx := context.Background()
	lock, _ := locker.Obtain(ctx, "invoice", time.Minute, nil)
	defer lock.Release(ctx)
	db.Exec(`INSERT INTO invoices (period) VALUES (date_trunc('month', now()))`)
}

func invoiceLocked() {
	ctx := context.Background()
	lock, err := locker.Obtain(ctx, "invoice", time.Minute, nil)
	if err == redislock.ErrNotObtained {
		return
	} else if err != nil {
		return
	}
	defer lock.Release(ctx)
	db.Exec(`INSERT INTO invoices (period) VALUES (date_trunc('month', now()))`)
}

func mutexIgnored() {
	m := rs.NewMutex("fees")
	m.Lock()
	defer m.Unlock()
	db.Exec(`UPDATE accounts SET fees = fees + 1 WHERE plan = 'basic'`)
}

func mutexLocked() {
	m := rs.NewMutex("fees")
	if err := m.TryLock(); err != nil {
		return
	}
	defer m.Unlock()
	db.Exec(`UPDATE accounts SET fees = fees + 1 WHERE plan = 'basic'`)
}

func setnxIgnored() {
	ctx := context.Background()
	rdb.SetNX(ctx, "cron:fees", 1, time.Hour)
	db.Exec(`UPDATE accounts SET fees = fees + 1 WHERE plan = 'basic'`)
}

func setnxLocked() {
	ctx := context.Background()
	if !rdb.SetNX(ctx, "cron:fees", 1, time.Hour).Val() {
		return
	}
	db.Exec(`UPDATE accounts SET fees = fees + 1 WHERE plan = 'basic'`)
}

func announce() {
	nc.Publish("billing.tick", []byte("tick"))
}

func rollup() {
	db.Exec(`INSERT INTO daily_totals (day, amount) SELECT current_date, sum(amount) FROM payments ON CONFLICT (day) DO UPDATE SET amount = daily_totals.amount + EXCLUDED.amount`)
}

func snapshot() {
	db.Exec(`INSERT INTO daily_totals (day, amount) SELECT current_date, sum(amount) FROM payments ON CONFLICT (day) DO UPDATE SET amount = EXCLUDED.amount`)
}

func rollupLeased() {
	res, err := db.Exec(`UPDATE job_leases SET held_until = now() + interval '1 hour' WHERE job_name = 'rollup' AND held_until < now()`)
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return
	}
	db.Exec(`INSERT INTO daily_totals (day, amount) SELECT current_date, sum(amount) FROM payments ON CONFLICT (day) DO UPDATE SET amount = daily_totals.amount + EXCLUDED.amount`)
}
