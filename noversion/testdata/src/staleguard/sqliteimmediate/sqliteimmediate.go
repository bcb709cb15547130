// Package sqliteimmediate binds attachments to a note on SQLite, in a
// transaction begun as SQL on a connection of the pool: a lookup of the
// attachment, a check of its owner, then the update.
package sqliteimmediate

import (
	"context"
	"database/sql"
	"errors"
)

var ErrConflict = errors.New("attachment changed")

// Bind begins with BEGIN IMMEDIATE: SQLite hands the transaction the
// database's write lock at once, so no other writer runs between the
// check and the update.
func Bind(ctx context.Context, db *sql.DB, note, att int64) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			_, _ = conn.ExecContext(context.WithoutCancel(ctx), "ROLLBACK")
		}
	}()
	var owner sql.NullInt64
	if err := conn.QueryRowContext(ctx, "SELECT note_id FROM attachments WHERE id = ?", att).Scan(&owner); err != nil {
		return err
	}
	if owner.Valid {
		return ErrConflict
	}
	if _, err := conn.ExecContext(ctx, "UPDATE attachments SET note_id = ? WHERE id = ?", note, att); err != nil { // ok: the write lock is held since BEGIN IMMEDIATE
		return err
	}
	if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
		return err
	}
	done = true
	return nil
}

// BindDeferred begins a deferred transaction: SQLite takes no lock until
// the first read, and two transactions both read before either writes.
func BindDeferred(ctx context.Context, db *sql.DB, note, att int64) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	var owner sql.NullInt64
	if err := conn.QueryRowContext(ctx, "SELECT note_id FROM attachments WHERE id = ?", att).Scan(&owner); err != nil {
		return err
	}
	if owner.Valid {
		return ErrConflict
	}
	if _, err := conn.ExecContext(ctx, "UPDATE attachments SET note_id = ? WHERE id = ?", note, att); err != nil { // want `check-then-update on attachments\(note_id\)`
		return err
	}
	_, err = conn.ExecContext(ctx, "COMMIT")
	return err
}

// BindLate commits the locked transaction before it writes: the check
// ran under the lock, the update does not.
func BindLate(ctx context.Context, db *sql.DB, note, att int64) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		return err
	}
	var owner sql.NullInt64
	if err := conn.QueryRowContext(ctx, "SELECT note_id FROM attachments WHERE id = ?", att).Scan(&owner); err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
		return err
	}
	if owner.Valid {
		return ErrConflict
	}
	_, err = db.ExecContext(ctx, "UPDATE attachments SET note_id = ? WHERE id = ?", note, att) // want `check-then-update on attachments\(note_id\)`
	return err
}
