package api

import (
	"context"
	"database/sql"
	"errors"
)

var ErrLastRoot = errors.New("last root")

type Keys struct{ db *sql.DB }

// Drop deletes a signing key unless it is the last active one.
func (k *Keys) Drop(ctx context.Context, id int64) error {
	var n int
	if err := k.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM signing_keys WHERE active = true").Scan(&n); err != nil {
		return err
	}
	if n <= 1 {
		return ErrLastRoot
	}
	_, err := k.db.ExecContext(ctx, "DELETE FROM signing_keys WHERE id = $1", id) // want `count-then-delete on signing_keys\(active\): concurrent requests all count above the floor at sql.go:\d+ and all delete`
	return err
}

// Retire deactivates a key while at least two are active.
func (k *Keys) Retire(ctx context.Context, id int64) error {
	var n int
	if err := k.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM signing_keys WHERE active = true").Scan(&n); err != nil {
		return err
	}
	if n > 1 {
		_, err := k.db.ExecContext(ctx, "UPDATE signing_keys SET active = false WHERE id = $1", id) // want `count-then-update on signing_keys\(active\)`
		return err
	}
	return ErrLastRoot
}

// DropLocked locks the active keys before counting them: a second request
// waits, then counts what the first left.
func (k *Keys) DropLocked(ctx context.Context, id int64) error {
	tx, err := k.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, "SELECT id FROM signing_keys WHERE active = true FOR UPDATE")
	if err != nil {
		return err
	}
	rows.Close()
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM signing_keys WHERE active = true").Scan(&n); err != nil {
		return err
	}
	if n <= 1 {
		return ErrLastRoot
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM signing_keys WHERE id = $1", id); err != nil {
		return err
	}
	return tx.Commit()
}

// DropSerializable counts and deletes in one SERIALIZABLE transaction.
func (k *Keys) DropSerializable(ctx context.Context, id int64) error {
	tx, err := k.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM signing_keys WHERE active = true").Scan(&n); err != nil {
		return err
	}
	if n <= 1 {
		return ErrLastRoot
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM signing_keys WHERE id = $1", id); err != nil {
		return err
	}
	return tx.Commit()
}

// DropGuarded puts the count in the DELETE itself and tests what it did.
func (k *Keys) DropGuarded(ctx context.Context, id int64) error {
	res, err := k.db.ExecContext(ctx, "DELETE FROM signing_keys WHERE id = $1 AND (SELECT COUNT(*) FROM signing_keys WHERE active = true) > 1", id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrLastRoot
	}
	return nil
}

// DropInactive deletes only inactive keys: none the count counts.
func (k *Keys) DropInactive(ctx context.Context, id int64) error {
	var n int
	if err := k.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM signing_keys WHERE active = true").Scan(&n); err != nil {
		return err
	}
	if n <= 1 {
		return ErrLastRoot
	}
	_, err := k.db.ExecContext(ctx, "DELETE FROM signing_keys WHERE id = $1 AND active = false", id)
	return err
}

// DropSession counts another table: the write is no row of the set.
func (k *Keys) DropSession(ctx context.Context, id int64) error {
	var n int
	if err := k.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM sessions WHERE active = true").Scan(&n); err != nil {
		return err
	}
	if n <= 1 {
		return ErrLastRoot
	}
	_, err := k.db.ExecContext(ctx, "DELETE FROM signing_keys WHERE id = $1", id)
	return err
}

// Prune trims old keys while more than none are stored: a presence test.
func (k *Keys) Prune(ctx context.Context) error {
	var n int
	if err := k.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM signing_keys WHERE active = false").Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		_, err := k.db.ExecContext(ctx, "DELETE FROM signing_keys WHERE active = false")
		return err
	}
	return nil
}

// DropEach deletes the keys of a user one by one: the loop compares the
// rows read with its index, no floor.
func (k *Keys) DropEach(ctx context.Context, user int64) error {
	rows, err := k.db.QueryContext(ctx, "SELECT id FROM signing_keys WHERE user_id = $1", user)
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	for i := 0; i < len(ids); i++ {
		if _, err := k.db.ExecContext(ctx, "DELETE FROM signing_keys WHERE id = $1", ids[i]); err != nil {
			return err
		}
	}
	return nil
}

// Move counts the keys of a group and moves one to another group. Left
// silent: the count is of a group whose value the model cannot compare
// with the one the write sets (a write of the same group, by a value read
// elsewhere, looks the same), not of a flag or state the write clears.
func (k *Keys) Move(ctx context.Context, id, from, to int64) error {
	var n int
	if err := k.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM signing_keys WHERE group_id = $1", from).Scan(&n); err != nil {
		return err
	}
	if n <= 1 {
		return ErrLastRoot
	}
	_, err := k.db.ExecContext(ctx, "UPDATE signing_keys SET group_id = $1 WHERE id = $2", to, id)
	return err
}
