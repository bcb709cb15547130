// Package jobs holds the sync service's periodic work, on the store's
// repository; main registers it.
package jobs

import (
	"context"

	"crossflag/store"
)

// Syncer runs the sync job.
type Syncer struct {
	Store *store.Store
}

// Run skips the run when the flag row says another instance runs it, then
// sets the flag: both instances read false and both run.
func (s *Syncer) Run() {
	ctx := context.Background()
	st, err := s.Store.GetJobState(ctx, "sync")
	if err != nil || st.Running {
		return
	}
	s.Store.SetRunning(ctx, "sync", true)
	defer s.Store.SetRunning(ctx, "sync", false)
	s.Store.RecordRun(ctx, "sync")
}

// RunClaimed claims the row in one statement and stops when another
// instance holds it.
func (s *Syncer) RunClaimed() {
	ctx := context.Background()
	ok, err := s.Store.TryStart(ctx, "sync")
	if err != nil || !ok {
		return
	}
	defer s.Store.Finish(ctx, "sync")
	s.Store.Touch(ctx, "sync")
}

// RunTouched reads when the job last ran and records this run: no flag
// decides it, and the write is absolute.
func (s *Syncer) RunTouched() {
	ctx := context.Background()
	if _, err := s.Store.LastRun(ctx, "sync"); err != nil {
		return
	}
	s.Store.Touch(ctx, "sync")
}
