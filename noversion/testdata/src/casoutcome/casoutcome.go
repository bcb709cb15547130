// Package casoutcome holds compare-and-set updates whose 0-rows outcome is
// tested the ways the libraries offer, and conditional releases where 0
// rows is what the caller wants.
package casoutcome

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/uptrace/bun"
	"gorm.io/gorm"

	"casoutcome/sqlutil"
)

var ErrTaken = errors.New("taken")

type Job struct {
	ID     int64 `bun:",pk"`
	State  string
	Worker string
}

// ---- reported ----

// The helper exists, but this call drops the result.
func ClaimDropped(ctx context.Context, db *sql.DB, id int64, worker string) error {
	_, err := db.ExecContext(ctx, "UPDATE jobs SET state = 'running', worker = $2 WHERE id = $1 AND state = 'queued'", id, worker) // want `compare-and-set on jobs.state ignores rows affected`
	return err
}

// Taking a lock held by a Go value: 0 rows means another holder.
func TakeLock(ctx context.Context, db *sql.DB, name, holder, expected string) error {
	_, err := db.ExecContext(ctx, "UPDATE locks SET holder = $2 WHERE lock_key = $1 AND holder = $3", name, holder, expected) // want `compare-and-set on locks.holder ignores rows affected`
	return err
}

// ---- silent: the outcome is tested ----

// A helper of another package taking (sql.Result, error).
func ClaimCheckOne(ctx context.Context, db *sql.DB, id int64, worker string) error {
	return sqlutil.CheckOne(db.ExecContext(ctx, "UPDATE jobs SET state = 'running', worker = $2 WHERE id = $1 AND state = 'queued'", id, worker)) // ok: CheckOne turns 0 rows into an error
}

// A helper taking the sql.Result.
func ClaimMustAffect(ctx context.Context, db *sql.DB, id int64, worker string) error {
	res, err := db.ExecContext(ctx, "UPDATE jobs SET state = 'running', worker = $2 WHERE id = $1 AND state = 'queued'", id, worker) // ok: MustAffect tests it
	if err != nil {
		return err
	}
	return sqlutil.MustAffect(res)
}

// pgx's CommandTag, tested as a boolean result.
func ClaimPgx(ctx context.Context, pool *pgxpool.Pool, id int64) (bool, error) {
	tag, err := pool.Exec(ctx, "UPDATE jobs SET state = 'running' WHERE id = $1 AND state = 'queued'", id) // ok: returned as claimed or not
	return tag.RowsAffected() > 0, err
}

// gorm's RowsAffected read from the chain's result in the condition.
func ClaimGorm(db *gorm.DB, id int64, worker string) error {
	if db.Model(&Job{}).Where("id = ? AND state = ?", id, "queued").Updates(map[string]any{"state": "running", "worker": worker}).RowsAffected == 0 { // ok: tested inline
		return ErrTaken
	}
	return nil
}

// bun's sql.Result handed to the helper.
func ClaimBun(ctx context.Context, db *bun.DB, id int64) error {
	res, err := db.NewUpdate().Model((*Job)(nil)).Set("state = ?", "running").Where("id = ?", id).Where("state = ?", "queued").Exec(ctx) // ok: MustAffect tests it
	if err != nil {
		return err
	}
	return sqlutil.MustAffect(res)
}

// ---- silent: a conditional release, where 0 rows is intended ----

// Releasing a lock only while this holder still has it: 0 rows means it
// expired and someone else took it, and there is nothing to release.
func Unlock(ctx context.Context, db *sql.DB, name, holder string) error {
	_, err := db.ExecContext(ctx, "UPDATE locks SET holder = NULL, expires_at = NULL WHERE lock_key = $1 AND holder = $2", name, holder) // ok: a release of one's own lock
	return err
}

// Clearing a pending change only when it is still the one this request
// confirmed.
func ClearPendingEmail(ctx context.Context, pool *pgxpool.Pool, user int64, email string) error {
	_, err := pool.Exec(ctx, "UPDATE users SET pending_email = NULL WHERE id = $1 AND pending_email = $2", user, email) // ok: undo only what is still ours
	return err
}

// Releasing a reservation this worker made, in gorm.
func ReleaseGorm(db *gorm.DB, id int64, worker string) error {
	return db.Model(&Job{}).Where("id = ? AND worker = ?", id, worker).Update("worker", gorm.Expr("NULL")).Error // ok: a release
}

type Queue struct {
	db  *sql.DB
	log interface{ Printf(string, ...any) }
}

// At shutdown, a running task goes back to pending; one that finished in
// the meantime stays as it is. Nothing follows and nothing is returned.
func (q *Queue) revert(id int64) {
	if _, err := q.db.Exec("UPDATE tasks SET state = 'pending', attempt = attempt - 1 WHERE id = ? AND state = 'running'", id); err != nil { // ok: a best-effort revert, the last thing done
		q.log.Printf("revert %d: %v", id, err)
	}
}

// The same transition followed by work that assumes it happened.
func (q *Queue) start(id int64) {
	q.db.Exec("UPDATE tasks SET state = 'running' WHERE id = ? AND state = 'pending'", id) // want `compare-and-set on tasks.state ignores rows affected`
	q.run(id)
}

func (q *Queue) run(id int64) {}

// lockJob reads the job's state holding its row.
func lockJob(ctx context.Context, tx *sql.Tx, id int64) (string, error) {
	var state string
	err := tx.QueryRowContext(ctx, "SELECT state FROM jobs WHERE id = $1 FOR UPDATE", id).Scan(&state)
	return state, err
}

// The row is locked by the helper in this transaction: the state the
// update re-states cannot change before it.
func FinishLocked(ctx context.Context, db *sql.DB, id int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	state, err := lockJob(ctx, tx, id)
	if err != nil {
		return err
	}
	if state != "running" {
		return ErrTaken
	}
	if _, err := tx.ExecContext(ctx, "UPDATE jobs SET state = 'done' WHERE id = $1 AND state = 'running'", id); err != nil { // ok: the row is held since the check
		return err
	}
	return tx.Commit()
}
