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
