package sqlxget

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/jmoiron/sqlx"
)

type User struct {
	ID    int64  `db:"id"`
	Email string `db:"email"`
	Name  string `db:"name"`
}

type Repo struct{ db *sqlx.DB }

func (r *Repo) Signup(ctx context.Context, u User) error {
	var existing User
	err := r.db.GetContext(ctx, &existing, "SELECT * FROM users WHERE email = ?", u.Email)
	if err == nil {
		return errors.New("taken")
	}
	if err != sql.ErrNoRows {
		return err
	}
	_, err = r.db.NamedExecContext(ctx, "INSERT INTO users (email, name) VALUES (:email, :name)", u) // want `check-then-insert on users\(email\)`
	return err
}

// Select into a slice; an empty result decides.
func (r *Repo) Tag(ctx context.Context, post int64, tag string) error {
	var tags []string
	if err := r.db.SelectContext(ctx, &tags, "SELECT tag FROM post_tags WHERE post_id = ? AND tag = ?", post, tag); err != nil {
		return err
	}
	if len(tags) == 0 {
		_, err := r.db.ExecContext(ctx, "INSERT INTO post_tags (post_id, tag) VALUES (?, ?)", post, tag) // want `check-then-insert on post_tags\(post_id, tag\)`
		return err
	}
	return nil
}

// ---- silent ----

// MySQL: INSERT IGNORE.
func (r *Repo) TagIgnore(ctx context.Context, post int64, tag string) error {
	var tags []string
	if err := r.db.SelectContext(ctx, &tags, "SELECT tag FROM post_tags WHERE post_id = ? AND tag = ?", post, tag); err != nil {
		return err
	}
	if len(tags) == 0 {
		_, err := r.db.ExecContext(ctx, "INSERT IGNORE INTO post_tags (post_id, tag) VALUES (?, ?)", post, tag) // ok: INSERT IGNORE
		return err
	}
	return nil
}

// The driver's message is inspected for the duplicate.
func (r *Repo) SignupHandled(ctx context.Context, u User) error {
	var existing User
	err := r.db.GetContext(ctx, &existing, "SELECT * FROM users WHERE email = ?", u.Email)
	if err == nil {
		return errors.New("taken")
	}
	_, err = r.db.NamedExecContext(ctx, "INSERT INTO users (email, name) VALUES (:email, :name)", u) // ok: duplicate detected
	if err != nil && strings.Contains(err.Error(), "Duplicate entry") {
		return errors.New("taken")
	}
	return err
}

// ON DUPLICATE KEY UPDATE.
func (r *Repo) Upsert(ctx context.Context, u User) error {
	var existing User
	err := r.db.GetContext(ctx, &existing, "SELECT * FROM users WHERE email = ?", u.Email)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = r.db.ExecContext(ctx, "INSERT INTO users (email, name) VALUES (?, ?) ON DUPLICATE KEY UPDATE name = VALUES(name)", u.Email, u.Name) // ok: upsert
	}
	return err
}

// ---- sqlx.In: the lookup's key is bound through In's args ----

type Event struct {
	ID             string `db:"id"`
	IdempotencyKey string `db:"idempotency_key"`
	ProjectID      string `db:"project_id"`
	ReplyTo        string `db:"-"`
}

type EventRepo struct{ db *sqlx.DB }

func (r *EventRepo) EventsByKey(ctx context.Context, projectID, key string) ([]Event, error) {
	query, args, err := sqlx.In("SELECT id, idempotency_key, project_id FROM events WHERE idempotency_key = ? AND project_id = ?", key, projectID)
	if err != nil {
		return nil, err
	}
	query = r.db.Rebind(query)
	rows, err := r.db.QueryxContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	var out []Event
	for rows.Next() {
		var e Event
		if err := rows.StructScan(&e); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// A delivery retried with the same key: two workers both see no event.
func (r *EventRepo) Ingest(ctx context.Context, e Event) error {
	events, err := r.EventsByKey(ctx, e.ProjectID, e.IdempotencyKey)
	if err != nil {
		return err
	}
	if len(events) > 0 {
		return nil
	}
	_, err = r.db.ExecContext(ctx, r.db.Rebind("INSERT INTO events (id, idempotency_key, project_id) VALUES (?, ?, ?)"), e.ID, e.IdempotencyKey, e.ProjectID) // want `check-then-insert on events\(idempotency_key, project_id\)`
	return err
}

// The insert's unique violation is handled: silent.
func (r *EventRepo) IngestHandled(ctx context.Context, e Event) error {
	events, err := r.EventsByKey(ctx, e.ProjectID, e.IdempotencyKey)
	if err != nil {
		return err
	}
	if len(events) > 0 {
		return nil
	}
	_, err = r.db.ExecContext(ctx, r.db.Rebind("INSERT INTO events (id, idempotency_key, project_id) VALUES (?, ?, ?)"), e.ID, e.IdempotencyKey, e.ProjectID) // ok: duplicate detected
	if err != nil && strings.Contains(err.Error(), "duplicate key") {
		return nil
	}
	return err
}

// ON CONFLICT on the looked-up key: silent.
func (r *EventRepo) IngestUpsert(ctx context.Context, e Event) error {
	events, err := r.EventsByKey(ctx, e.ProjectID, e.IdempotencyKey)
	if err != nil {
		return err
	}
	if len(events) > 0 {
		return nil
	}
	_, err = r.db.ExecContext(ctx, r.db.Rebind("INSERT INTO events (id, idempotency_key, project_id) VALUES (?, ?, ?) ON CONFLICT (idempotency_key, project_id) DO NOTHING"), e.ID, e.IdempotencyKey, e.ProjectID) // ok: ON CONFLICT
	return err
}

// The lookup is of another key (the event replied to), not the one
// inserted: the values bound through In's args tell them apart. Silent.
func (r *EventRepo) Reply(ctx context.Context, e Event) error {
	parents, err := r.EventsByKey(ctx, e.ProjectID, e.ReplyTo)
	if err != nil {
		return err
	}
	if len(parents) > 0 {
		return nil
	}
	_, err = r.db.ExecContext(ctx, r.db.Rebind("INSERT INTO events (id, idempotency_key, project_id) VALUES (?, ?, ?)"), e.ID, e.IdempotencyKey, e.ProjectID) // ok: another key
	return err
}
