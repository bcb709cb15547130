// Package repo keeps per-day usage counters and user preferences.
package repo

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Usage struct{ pool *pgxpool.Pool }

// Bump returns how many rows it updated.
func (u *Usage) Bump(ctx context.Context, user int64, day time.Time) (int64, error) {
	tag, err := u.pool.Exec(ctx, "UPDATE daily_usage SET calls = calls + 1 WHERE user_id = $1 AND day = $2", user, day)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

// Touch reports whether the row existed.
func (u *Usage) Touch(ctx context.Context, user int64, day time.Time) (bool, error) {
	tag, err := u.pool.Exec(ctx, "UPDATE daily_usage SET calls = calls + 1 WHERE user_id = $1 AND day = $2", user, day)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() > 0, nil
}

func (u *Usage) Start(ctx context.Context, user int64, day time.Time) error {
	_, err := u.pool.Exec(ctx, "INSERT INTO daily_usage (user_id, day, calls) VALUES ($1, $2, 1)", user, day)
	return err
}

// StartOrBump is the right fix: one statement.
func (u *Usage) StartOrBump(ctx context.Context, user int64, day time.Time) error {
	_, err := u.pool.Exec(ctx, "INSERT INTO daily_usage (user_id, day, calls) VALUES ($1, $2, 1) ON CONFLICT (user_id, day) DO UPDATE SET calls = daily_usage.calls + 1", user, day)
	return err
}

// StartHandled is the other fix: the loser's duplicate key is noticed.
func (u *Usage) StartHandled(ctx context.Context, user int64, day time.Time) (bool, error) {
	_, err := u.pool.Exec(ctx, "INSERT INTO daily_usage (user_id, day, calls) VALUES ($1, $2, 1)", user, day)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return false, nil
	}
	return err == nil, err
}

func (u *Usage) Log(ctx context.Context, user int64, day time.Time) error {
	_, err := u.pool.Exec(ctx, "INSERT INTO usage_events (user_id, day) VALUES ($1, $2)", user, day)
	return err
}

type Prefs struct{ db *sql.DB }

// Set updates the preference and creates it when it was not there.
func (p *Prefs) Set(ctx context.Context, user int64, name, value string) error {
	res, err := p.db.ExecContext(ctx, "UPDATE preferences SET value = $1 WHERE user_id = $2 AND name = $3", value, user, name)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		_, err = p.db.ExecContext(ctx, "INSERT INTO preferences (user_id, name, value) VALUES ($1, $2, $3)", user, name, value) // want `update-then-insert on preferences\(user_id, name\): when the UPDATE at repo.go:\d+ matches no row, concurrent requests both insert and no UNIQUE constraint covers the key, so the row is duplicated; add one and write it as one INSERT ... ON CONFLICT \(user_id, name\) DO UPDATE`
	}
	return err
}

// ---- silent ----

// Nothing updated is an error, not an insert.
func (p *Prefs) Change(ctx context.Context, user int64, name, value string) error {
	res, err := p.db.ExecContext(ctx, "UPDATE preferences SET value = $1 WHERE user_id = $2 AND name = $3", value, user, name)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errors.New("no such preference")
	}
	return nil
}

// The insert runs when a row was updated: a history row, not the key.
func (p *Prefs) SetAndRecord(ctx context.Context, user int64, name, value string) error {
	res, err := p.db.ExecContext(ctx, "UPDATE preferences SET value = $1 WHERE user_id = $2 AND name = $3", value, user, name)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n > 0 {
		_, err = p.db.ExecContext(ctx, "INSERT INTO preferences (user_id, name, value) VALUES ($1, $2, $3)", user, name+".previous", value) // ok: runs when the row was found
	}
	return err
}

// SetSerializable runs both statements in a SERIALIZABLE transaction.
func (p *Prefs) SetSerializable(ctx context.Context, user int64, name, value string) error {
	tx, err := p.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "UPDATE preferences SET value = $1 WHERE user_id = $2 AND name = $3", value, user, name)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if _, err := tx.ExecContext(ctx, "INSERT INTO preferences (user_id, name, value) VALUES ($1, $2, $3)", user, name, value); err != nil { // ok: serializable
			return err
		}
	}
	return tx.Commit()
}
