// Package store is the repository of the sync service: job state rows
// and the rows the sync job writes.
package store

import (
	"context"
	"database/sql"
)

// Store wraps the service's pool.
type Store struct {
	DB *sql.DB
}

// JobState is a row of job_state.
type JobState struct {
	Name    string
	Running bool
}

// GetJobState reads the state row of a job.
func (s *Store) GetJobState(ctx context.Context, name string) (JobState, error) {
	var st JobState
	err := s.DB.QueryRowContext(ctx, `SELECT name, running FROM job_state WHERE name = $1`, name).Scan(&st.Name, &st.Running)
	return st, err
}

// SetRunning sets the running flag of a job, whatever it was.
func (s *Store) SetRunning(ctx context.Context, name string, running bool) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE job_state SET running = $1 WHERE name = $2`, running, name)
	return err
}

// IsLocked reads the locked column of a job's row.
func (s *Store) IsLocked(ctx context.Context, name string) (bool, error) {
	var locked bool
	err := s.DB.QueryRowContext(ctx, `SELECT locked FROM job_state WHERE name = $1`, name).Scan(&locked)
	return locked, err
}

// Lock sets the locked column of a job's row.
func (s *Store) Lock(ctx context.Context, name string) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE job_state SET locked = true WHERE name = $1`, name)
	return err
}

// TryStart claims the job's row in one statement: only the instance whose
// update changed the row may run.
func (s *Store) TryStart(ctx context.Context, name string) (bool, error) {
	res, err := s.DB.ExecContext(ctx, `UPDATE job_state SET running = true WHERE name = $1 AND running = false`, name)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Finish clears the running flag.
func (s *Store) Finish(ctx context.Context, name string) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE job_state SET running = false WHERE name = $1`, name)
	return err
}

// LastRun reads when a job last ran.
func (s *Store) LastRun(ctx context.Context, name string) (string, error) {
	var at string
	err := s.DB.QueryRowContext(ctx, `SELECT last_run_at FROM job_state WHERE name = $1`, name).Scan(&at)
	return at, err
}

// Touch records that a job ran now.
func (s *Store) Touch(ctx context.Context, name string) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE job_state SET last_run_at = now() WHERE name = $1`, name)
	return err
}

// RecordRun inserts a row for one run of the sync.
func (s *Store) RecordRun(ctx context.Context, name string) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO sync_runs (job, started_at) VALUES ($1, now())`, name)
	return err
}
