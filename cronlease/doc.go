// Package cronlease defines an Analyzer that reports scheduled jobs that
// every instance of a service runs at the same time.
//
// # Analyzer cronlease
//
// cronlease: report scheduled jobs that run in every instance at once
//
// A schedule registered in the program (robfig/cron AddFunc, AddJob,
// Schedule, cron.FuncJob conversions; gocron v2 NewJob with NewTask,
// gocron v1 Every(...).Do; the service's own wrappers of them, in its
// package or another: schedule(c, "@every 1m", func() { ... }),
// jobs.Every("@daily", billing.Accrue) with jobs returning an error; and
// its own registries: crontab.Register(kind, fn) keeping fn in a package
// slice or map that NewCron ranges over and schedules, itself or wrapped
// in a closure calling it; the program's own ticker loops: the calls
// a loop makes on each receive from a time.Ticker's channel, from
// time.Tick or from a time.Timer it resets, in a select or a for range; and its polling loops: a loop
// that pauses with time.Sleep, or waits on time.After, and leaves only
// when told to stop or when it fails, whose whole turn is the job, so a
// row claimed by one call of the turn covers the work of the next — a
// retry left once it succeeds, a counted loop and a wait for a row to
// change are no schedules)
// fires in every instance that runs it: with three replicas, the nightly settlement settles three times, at
// the same moment. A "running" flag read and then set does not help: two
// instances both read false and both set it.
//
// Wrong:
//
//	c.AddFunc("@hourly", func() { // cron job ... runs in every instance
//		db.ExecContext(ctx, `UPDATE wallets SET balance = balance + interest WHERE ...`)
//	})
//
// Right: claim a lease atomically and skip the run when another instance
// holds it:
//
//	res, _ := db.ExecContext(ctx, `UPDATE job_leases SET holder = $1, held_until = now() + interval '10 minutes'
//		WHERE job_name = $2 AND held_until < now()`, host, "interest")
//	if n, _ := res.RowsAffected(); n == 0 {
//		return // another instance runs it
//	}
//
// Rows claimed one by one are a lease too: an UPDATE of the rows its CTE
// took FOR UPDATE SKIP LOCKED, moving them on, whose returned rows the job
// works through (WITH due AS (SELECT id FROM reminders WHERE next_at <=
// now() FOR UPDATE SKIP LOCKED) UPDATE reminders ... SET next_at = now() +
// interval '1 day' FROM due ... RETURNING ...), or of the rows a subquery
// of its WHERE took so (WHERE id IN (SELECT id ... FOR UPDATE SKIP
// LOCKED)): each instance gets other rows. So are rows stamped with the
// instance's own value under a condition on the stamp's lease, then read
// back by it (UPDATE hooks SET locked_at = now(), locked_by = $1 WHERE
// done = false AND (locked_at IS NULL OR locked_at < now() - interval '5
// minutes'), then SELECT ... WHERE locked_by = $1): a stamp without that
// condition is taken again by the next instance, and is no claim.
//
// pg_try_advisory_lock with its result tested, a tested distributed lock
// (go-redis SetNX, bsm/redislock, go-redsync) and a gocron scheduler built
// with WithDistributedElector or WithDistributedLocker (v1: the methods
// of the same names) are fixes too. A
// lock whose outcome is dropped (lock, _ := locker.Obtain(...), a bare
// m.Lock() of redsync, an unread SetNX) guards nothing and is no fix.
//
// The analyzer reports at the registration whose function (with its
// closures and everything it calls, in any package, through summaries)
// reaches an effect that repeats (an INSERT without a conflict clause, a
// relative UPDATE, a POST without a stable Idempotency-Key, unless its
// URL and function names say it only reads or authenticates — a license
// check, a token, a health ping — or reports the instance itself
// (telemetry, usage insights), an email, a published message) with no
// claim before it: category "nolease", the
// effect as related information. A read of a table's column that a
// branch of the job tests, followed by an UPDATE setting that column to a
// constant, its rows affected not examined (the flag pattern), is
// category "flag", also when a repository of another package makes both:
//
//	if st, _ := repo.GetJobState(ctx, "sync"); st.Running { // cron job ... checks job_state.running
//		return
//	}
//	repo.SetRunning(ctx, "sync", true)
//
// A repository method that claims the flag in one statement (UPDATE
// job_state SET running = true WHERE name = $1 AND running = false,
// returning whether a row changed) and a caller that tests its result is
// a lease, and silent.
//
// It stays silent on jobs whose effects are idempotent (absolute updates,
// jsonb objects merged in with ||, DELETE-only cleanups, upserts), on jobs that claim a lease, an advisory
// lock or a distributed lock first, on packages whose gocron scheduler has
// a distributed elector or locker, and on river periodic jobs (river
// elects a leader). A scheduled function of another package (jobs.Accrue,
// a method value r.Invoice, a job type's Run) is judged by its package's
// summary.
//
//	for {
//		if err := backoff.Retry(func() error { return c.dispatchQueue(ctx) }, b); err != nil {
//			return
//		}
//		time.Sleep(wait) // polling loop job in courier.watch ... repeats its email
//	}
//
// A ticker or polling loop's job is reported only when it reads the database: a loop
// that flushes what its own instance buffered (a channel of hits, a map of
// counts added with views = views + $1) writes each instance's own data,
// and one inside a request handler or consumer (polling until a row
// changes) runs once per request, not once per instance; both are silent.
//
//	t := time.NewTicker(time.Minute)
//	for range t.C {
//		d.Sweep(ctx) // ticker job ... Sweep runs in every instance ... repeats its POST
//	}
//
// The analyzer cannot know that a service runs as a single instance by
// design (an in-process scheduler whose server is not meant to be
// replicated): say so where the job is registered.
//
// Suppress a finding with a comment on the line or the line above:
//
//	//idemvet:ignore cronlease the service runs as a single replica by design
package cronlease
