package rawsql

import (
	"context"
	"database/sql"
	"errors"
)

var ErrConflict = errors.New("conflict")

// Another update of documents checks the version: this one forgets.
func Rename(ctx context.Context, db *sql.DB, id int64, title string) error {
	_, err := db.ExecContext(ctx, "UPDATE documents SET title = $1 WHERE id = $2", title, id) // want `update of documents without a version check \(other updates of documents check version\): concurrent edits overwrite each other silently`
	return err
}

// Checks the version but does not bump it.
func Edit(ctx context.Context, db *sql.DB, id, version int64, body string) error {
	res, err := db.ExecContext(ctx, "UPDATE documents SET body = $1 WHERE id = $2 AND version = $3", body, id, version) // want `update of documents checks version but does not bump it`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrConflict
	}
	return nil
}

// The ride-accept compare-and-set from the seeds, outcome ignored.
func Accept(ctx context.Context, db *sql.DB, ride, driver int64) error {
	_, err := db.ExecContext(ctx, "UPDATE rides SET status = 'accepted', driver_id = $2 WHERE id = $1 AND status = 'searching'", ride, driver) // want `compare-and-set on rides.status ignores rows affected: when 0 rows match, another writer got there first`
	return err
}

// A balance guard whose failure is ignored: the debit silently does not
// happen.
func Debit(ctx context.Context, db *sql.DB, id, amount int64) error {
	res, err := db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2 AND balance >= $1", amount, id) // want `compare-and-set on accounts.balance ignores rows affected`
	_ = res
	return err
}

// A lease from the seeds, outcome ignored.
func Lease(ctx context.Context, db *sql.DB, holder string) error {
	_, err := db.ExecContext(ctx, "UPDATE job_leases SET holder = $1, held_until = now() + interval '10 minutes' WHERE job_name = 'nightly' AND held_until < now()", holder) // want `compare-and-set on job_leases.held_until ignores rows affected`
	return err
}

// ---- silent ----

// Predicate, bump and the rows-affected test.
func Save(ctx context.Context, db *sql.DB, id, version int64, title string) error {
	res, err := db.ExecContext(ctx, "UPDATE documents SET title = $1, version = version + 1 WHERE id = $2 AND version = $3", title, id, version) // ok: versioned and checked
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrConflict
	}
	return nil
}

// The accept with its outcome tested.
func AcceptChecked(ctx context.Context, db *sql.DB, ride, driver int64) error {
	res, err := db.ExecContext(ctx, "UPDATE rides SET status = 'accepted', driver_id = $2 WHERE id = $1 AND status = 'searching'", ride, driver) // ok: checked below
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return ErrConflict
	}
	return nil
}

// The count is returned to the caller.
func AcceptCount(ctx context.Context, db *sql.DB, ride, driver int64) (int64, error) {
	res, err := db.ExecContext(ctx, "UPDATE rides SET status = 'accepted', driver_id = $2 WHERE id = $1 AND status = 'searching'", ride, driver) // ok: returned to the caller
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Atomic update, nothing read.
func Touch(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, "UPDATE documents SET views = views + 1 WHERE id = $1", id) // ok: atomic
	return err
}

// An unversioned table keyed by its primary key.
func SetName(ctx context.Context, db *sql.DB, id int64, name string) error {
	_, err := db.ExecContext(ctx, "UPDATE users SET name = $1 WHERE id = $2", name, id) // ok: users is not versioned
	return err
}

// RETURNING through a row: no row is ErrNoRows, and the error is tested.
func AcceptReturning(ctx context.Context, db *sql.DB, ride, driver int64) error {
	var id int64
	err := db.QueryRowContext(ctx, "UPDATE rides SET status = 'accepted', driver_id = $2 WHERE id = $1 AND status = 'searching' RETURNING id", ride, driver).Scan(&id) // ok: ErrNoRows tested
	if errors.Is(err, sql.ErrNoRows) {
		return ErrConflict
	}
	return err
}

// Locked first: pessimistic, no version needed.
func RenameLocked(ctx context.Context, db *sql.DB, id int64, title string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var v int64
	if err := tx.QueryRowContext(ctx, "SELECT version FROM documents WHERE id = $1 FOR UPDATE", id).Scan(&v); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE documents SET title = $1 WHERE id = $2", title, id); err != nil { // ok: the row is locked
		return err
	}
	return tx.Commit()
}

// A scoped update (tenant and id) is not a compare-and-set.
func Scoped(ctx context.Context, db *sql.DB, tenant, id int64, name string) error {
	_, err := db.ExecContext(ctx, "UPDATE projects SET name = $1 WHERE tenant_id = $2 AND id = $3", name, tenant, id) // ok: keys only
	return err
}

// A write skipped when it would change nothing: zero rows means "already
// so", not a lost race.
func SetDispatcher(ctx context.Context, db *sql.DB, worker, dispatcher int64) error {
	_, err := db.ExecContext(ctx, "UPDATE workers SET dispatcher_id = $1 WHERE id = $2 AND dispatcher_id IS DISTINCT FROM $1", dispatcher, worker) // ok: idempotent
	return err
}

// A one-off data fix made of constants.
func FixSetting(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE settings SET value = '"167h"' WHERE key = 'upload.s3.expiry' AND value = '"14d"'`) // ok: no Go value involved
	return err
}

// A bulk update: zero rows means nothing to do.
func MarkAllRead(ctx context.Context, db *sql.DB, user int64) error {
	_, err := db.ExecContext(ctx, "UPDATE entries SET status = 'read' WHERE user_id = $1 AND status = 'unread'", user) // ok: many rows
	return err
}
