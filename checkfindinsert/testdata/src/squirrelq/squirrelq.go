package squirrelq

import (
	"context"
	"database/sql"
	"errors"

	sq "github.com/Masterminds/squirrel"
)

var ErrTaken = errors.New("taken")

type Repo struct {
	db *sql.DB
	sb sq.StatementBuilderType
}

func New(db *sql.DB) *Repo {
	return &Repo{db: db, sb: sq.StatementBuilder.PlaceholderFormat(sq.Dollar)}
}

// The lookup built with ToSql and run on the pool, the insert run with
// RunWith.
func (r *Repo) Register(ctx context.Context, email string) error {
	query, args, err := r.sb.Select("id").From("users").Where(sq.Eq{"email": email}).ToSql()
	if err != nil {
		return err
	}
	var id int64
	err = r.db.QueryRowContext(ctx, query, args...).Scan(&id)
	if err == nil {
		return ErrTaken
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = r.sb.Insert("users").Columns("email").Values(email).RunWith(r.db).ExecContext(ctx) // want `check-then-insert on users\(email\)`
	return err
}

// A COUNT deciding the insert.
func (r *Repo) Follow(ctx context.Context, a, b int64) error {
	var n int
	if err := sq.Select("COUNT(*)").From("follows").Where(sq.Eq{"follower_id": a, "followee_id": b}).RunWith(r.db).QueryRowContext(ctx).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	query, args, err := sq.Insert("follows").SetMap(map[string]interface{}{"follower_id": a, "followee_id": b}).ToSql()
	if err != nil {
		return err
	}
	_, err = r.db.ExecContext(ctx, query, args...) // want `check-then-insert on follows\(followee_id, follower_id\)`
	return err
}

// ---- silent ----

func (r *Repo) RegisterOnConflict(ctx context.Context, email string) error {
	var id int64
	err := r.sb.Select("id").From("users").Where(sq.Eq{"email": email}).RunWith(r.db).QueryRowContext(ctx).Scan(&id)
	if err == nil {
		return ErrTaken
	}
	_, err = r.sb.Insert("users").Columns("email").Values(email).Suffix("ON CONFLICT (email) DO NOTHING").RunWith(r.db).ExecContext(ctx) // ok: ON CONFLICT DO NOTHING
	return err
}

// The lookup is of another user than the one inserted.
func (r *Repo) Invite(ctx context.Context, inviter, email string) error {
	var id int64
	err := r.sb.Select("id").From("users").Where(sq.Eq{"email": inviter}).RunWith(r.db).QueryRowContext(ctx).Scan(&id)
	if err != nil {
		return err
	}
	_, err = r.sb.Insert("invites").Columns("inviter_id", "email").Values(id, email).RunWith(r.db).ExecContext(ctx) // ok: another table
	return err
}
