// Command crossflag runs the sync jobs in every replica; the job state
// lives in rows of package store.
package main

import (
	"context"
	"database/sql"

	cron "github.com/robfig/cron/v3"

	"crossflag/jobs"
	"crossflag/store"
)

var st *store.Store

func main() {
	db, _ := sql.Open("postgres", "")
	st = &store.Store{DB: db}
	sy := &jobs.Syncer{Store: st}
	c := cron.New()

	// ---- reported ----
	c.AddFunc("@every 1m", syncJob)   // want `cron job main.syncJob checks job_state.running \(read at store.go:\d+\) and then sets it at store.go:\d+: two instances both read it and both run`
	c.AddFunc("@every 1m", lockedJob) // want `cron job main.lockedJob checks job_state.locked \(read at store.go:\d+\) and then sets it at store.go:\d+`
	c.AddFunc("@every 1m", sy.Run)    // want `cron job jobs.Syncer.Run checks job_state.running \(read at store.go:\d+\) and then sets it at store.go:\d+`

	// ---- silent ----
	c.AddFunc("@every 1m", claimedJob)    // ok: the flag claimed in one statement, its outcome tested
	c.AddFunc("@every 1m", sy.RunClaimed) // ok: the same, in package jobs
	c.AddFunc("@every 1m", sy.RunTouched) // ok: no flag read decides it; an absolute write
	c.Start()
	select {}
}

func syncJob() {
	ctx := context.Background()
	if s, _ := st.GetJobState(ctx, "sync"); s.Running {
		return
	}
	st.SetRunning(ctx, "sync", true)
	st.RecordRun(ctx, "sync")
	st.SetRunning(ctx, "sync", false)
}

func lockedJob() {
	ctx := context.Background()
	locked, err := st.IsLocked(ctx, "sync")
	if err != nil || locked {
		return
	}
	st.Lock(ctx, "sync")
	st.RecordRun(ctx, "sync")
}

func claimedJob() {
	ctx := context.Background()
	ok, err := st.TryStart(ctx, "sync")
	if err != nil || !ok {
		return
	}
	defer st.Finish(ctx, "sync")
	st.RecordRun(ctx, "sync")
}
