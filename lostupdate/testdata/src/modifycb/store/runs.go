package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/jmoiron/sqlx"
)

// Run is the model of a row of runs, built from the record as stored.
type Run struct {
	ID       string
	Status   string
	Attempts int
	SeenAt   time.Time
}

type runRecord struct {
	ID       string    `db:"id"`
	Status   string    `db:"status"`
	Attempts int       `db:"attempts"`
	SeenAt   time.Time `db:"seen_at"`
	Version  int64     `db:"version"`
}

// toRun builds the model; a run not seen for an hour reads as lost.
func (r runRecord) toRun() Run {
	run := Run{ID: r.ID, Status: r.Status, Attempts: r.Attempts, SeenAt: r.SeenAt}
	if time.Since(r.SeenAt) > time.Hour {
		run.Status = "lost"
	}
	return run
}

func (r *runRecord) model() (*Run, error) {
	if r.ID == "" {
		return nil, sql.ErrNoRows
	}
	return &Run{ID: r.ID, Status: r.Status, Attempts: r.Attempts, SeenAt: r.SeenAt}, nil
}

type Runs struct{ db *sqlx.DB }

// UpdateRun hands the run to modify between the read and the write of its
// columns: a concurrent UpdateRun's change of attempts or status is lost.
func (s *Runs) UpdateRun(ctx context.Context, id string, modify func(r *Run) error) error {
	rec := runRecord{}
	if err := s.db.GetContext(ctx, &rec, `SELECT * FROM runs WHERE id = $1`, id); err != nil {
		return err
	}
	run := rec.toRun()
	if err := modify(&run); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `UPDATE runs SET status = $1, attempts = $2, seen_at = $3 WHERE id = $4`, run.Status, run.Attempts, run.SeenAt, run.ID) // want `lost update on runs\.attempts: the value read at runs\.go:\d+ is handed to modify, which may change it, and written back`
	return err
}

// Touch hands the model a pointer-returning conversion made to modify.
func (s *Runs) Touch(ctx context.Context, id string, modify func(r *Run) error) error {
	rec := runRecord{}
	if err := s.db.GetContext(ctx, &rec, `SELECT * FROM runs WHERE id = $1`, id); err != nil {
		return err
	}
	run, err := rec.model()
	if err != nil {
		return err
	}
	if err := modify(run); err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `UPDATE runs SET attempts = $1 WHERE id = $2`, run.Attempts, run.ID) // want `lost update on runs\.attempts: the value read at runs\.go:\d+ is handed to modify, which may change it, and written back; concurrent writers overwrite each other; read it with SELECT \.\.\. FOR UPDATE`
	return err
}

// Retry counts an attempt through a function literal of its own.
func (s *Runs) Retry(ctx context.Context, id string) error {
	var run Run
	if err := s.db.GetContext(ctx, &run, `SELECT id, status, attempts, seen_at FROM runs WHERE id = $1`, id); err != nil {
		return err
	}
	bump := func(r *Run) { r.Attempts++ }
	bump(&run)
	_, err := s.db.ExecContext(ctx, `UPDATE runs SET attempts = $1 WHERE id = $2`, run.Attempts, run.ID) // want `lost update on runs\.attempts: the value read at runs\.go:\d+ is recomputed in Go`
	return err
}

// ---- silent ----

// Check hands the run to a function literal that only looks at it.
func (s *Runs) Check(ctx context.Context, id string) error {
	var run Run
	if err := s.db.GetContext(ctx, &run, `SELECT id, status, attempts, seen_at FROM runs WHERE id = $1`, id); err != nil {
		return err
	}
	valid := func(r *Run) bool { return r.Attempts < 5 }
	if !valid(&run) {
		return sql.ErrNoRows
	}
	_, err := s.db.ExecContext(ctx, `UPDATE runs SET attempts = $1 WHERE id = $2`, run.Attempts, run.ID) // ok: nothing changed the value read
	return err
}

// UpdateRunLocked reads the row FOR UPDATE in the transaction that writes it.
func (s *Runs) UpdateRunLocked(ctx context.Context, id string, modify func(r *Run) error) error {
	tx, err := s.db.BeginTxx(ctx, &sql.TxOptions{})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rec := runRecord{}
	if err := tx.GetContext(ctx, &rec, `SELECT * FROM runs WHERE id = $1 FOR UPDATE`, id); err != nil {
		return err
	}
	run := rec.toRun()
	if err := modify(&run); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE runs SET status = $1, attempts = $2, seen_at = $3 WHERE id = $4`, run.Status, run.Attempts, run.SeenAt, run.ID); err != nil { // ok: the row is locked from the read to the commit
		return err
	}
	return tx.Commit()
}

// UpdateRunVersioned writes only the version it read.
func (s *Runs) UpdateRunVersioned(ctx context.Context, id string, modify func(r *Run) error) error {
	rec := runRecord{}
	if err := s.db.GetContext(ctx, &rec, `SELECT * FROM runs WHERE id = $1`, id); err != nil {
		return err
	}
	run := rec.toRun()
	if err := modify(&run); err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, `UPDATE runs SET status = $1, attempts = $2, seen_at = $3, version = version + 1 WHERE id = $4 AND version = $5`, run.Status, run.Attempts, run.SeenAt, run.ID, rec.Version) // ok: a stale write matches no row
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return sql.ErrNoRows
	}
	return nil
}

// Describe gives the callback a copy: what it does stays with it.
func (s *Runs) Describe(ctx context.Context, id string, note func(r Run) string) error {
	rec := runRecord{}
	if err := s.db.GetContext(ctx, &rec, `SELECT * FROM runs WHERE id = $1`, id); err != nil {
		return err
	}
	run := rec.toRun()
	_ = note(run)
	_, err := s.db.ExecContext(ctx, `UPDATE runs SET seen_at = $1 WHERE id = $2`, run.SeenAt, run.ID) // ok: the run written is the one read, unchanged
	return err
}

// inTx runs fn in a transaction.
func (s *Runs) inTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// UpdateRunInTx calls modify from the transaction's closure; the read
// takes no row lock, so the transaction does not serialize two callers.
func (s *Runs) UpdateRunInTx(ctx context.Context, id string, modify func(r *Run) error) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		var run Run
		if err := tx.GetContext(ctx, &run, `SELECT id, status, attempts FROM runs WHERE id = $1`, id); err != nil {
			return err
		}
		if err := modify(&run); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE runs SET attempts = $1 WHERE id = $2`, run.Attempts, id) // want `lost update on runs\.attempts: the value read at runs\.go:\d+ is handed to modify`
		return err
	})
}

// UpdateRunInTxLocked is UpdateRunInTx with the row locked by the read.
func (s *Runs) UpdateRunInTxLocked(ctx context.Context, id string, modify func(r *Run) error) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		var run Run
		if err := tx.GetContext(ctx, &run, `SELECT id, status, attempts FROM runs WHERE id = $1 FOR UPDATE`, id); err != nil {
			return err
		}
		if err := modify(&run); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE runs SET attempts = $1 WHERE id = $2`, run.Attempts, id) // ok: FOR UPDATE in the transaction holds the row
		return err
	})
}
