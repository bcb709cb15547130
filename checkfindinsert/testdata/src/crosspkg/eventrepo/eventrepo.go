// Package eventrepo stores webhook events; an event whose idempotency key
// was seen before is stored too, flagged as a duplicate.
package eventrepo

import (
	"context"
	"database/sql"
)

type Event struct {
	UID            string
	ProjectID      string
	IdempotencyKey string
	IsDuplicate    bool
}

type Repo struct{ db *sql.DB }

func text(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

func flag(b bool) sql.NullBool { return sql.NullBool{Bool: b, Valid: true} }

func (r *Repo) KeyExists(ctx context.Context, project, key string) (bool, error) {
	var ok bool
	err := r.db.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM events WHERE idempotency_key = $1 AND project_id = $2)", text(key), text(project)).Scan(&ok)
	return ok, err
}

func (r *Repo) Create(ctx context.Context, e *Event) error {
	_, err := r.db.ExecContext(ctx, "INSERT INTO events (id, project_id, idempotency_key, is_duplicate) VALUES ($1, $2, $3, $4)",
		e.UID, text(e.ProjectID), text(e.IdempotencyKey), flag(e.IsDuplicate))
	return err
}

// CreateClaimed locks the key for the transaction and looks again before
// inserting: one writer of a key at a time.
func (r *Repo) CreateClaimed(ctx context.Context, e *Event) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtext($1))", e.ProjectID+":"+e.IdempotencyKey); err != nil {
		return err
	}
	var seen bool
	if err := tx.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM events WHERE idempotency_key = $1 AND project_id = $2)", text(e.IdempotencyKey), text(e.ProjectID)).Scan(&seen); err != nil {
		return err
	}
	if seen {
		e.IsDuplicate = true
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO events (id, project_id, idempotency_key, is_duplicate) VALUES ($1, $2, $3, $4)",
		e.UID, text(e.ProjectID), text(e.IdempotencyKey), flag(e.IsDuplicate)); err != nil {
		return err
	}
	return tx.Commit()
}

// ByKey lists the events stored with an idempotency key.
func (r *Repo) ByKey(ctx context.Context, project, key string) ([]Event, error) {
	rows, err := r.db.QueryContext(ctx, "SELECT id, project_id, idempotency_key FROM events WHERE idempotency_key = $1 AND project_id = $2", text(key), text(project))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	events := make([]Event, 0)
	for rows.Next() {
		var e Event
		if err := rows.Scan(&e.UID, &e.ProjectID, &e.IdempotencyKey); err != nil {
			return nil, err
		}
		events = append(events, e)
	}
	return events, nil
}
