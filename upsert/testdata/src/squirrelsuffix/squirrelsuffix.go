// Package squirrelsuffix holds upserts whose conflict clause squirrel adds
// with Suffix.
package squirrelsuffix

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"
)

type Repo struct {
	db *sql.DB
	sb sq.StatementBuilderType
}

func New(db *sql.DB) *Repo {
	return &Repo{db: db, sb: sq.StatementBuilder.PlaceholderFormat(sq.Dollar)}
}

// A retried webhook delivery puts a shipped order back to 'new'.
func (r *Repo) RecordOrder(ctx context.Context, id, customer string) error {
	_, err := r.sb.Insert("orders").Columns("id", "customer", "status").Values(id, customer, "new").
		Suffix("ON CONFLICT (id) DO UPDATE SET customer = EXCLUDED.customer, status = EXCLUDED.status").
		RunWith(r.db).ExecContext(ctx) // want `upsert resets orders\.status to 'new' when the row exists: a retried or duplicate insert undoes transitions made since; leave status out of DO UPDATE, or update it only WHERE orders\.status = 'new'`
	return err
}

// ok: only the caller's data is refreshed.
func (r *Repo) RecordOrderKeepStatus(ctx context.Context, id, customer string) error {
	_, err := r.sb.Insert("orders").Columns("id", "customer", "status").Values(id, customer, "new").
		Suffix("ON CONFLICT (id) DO UPDATE SET customer = EXCLUDED.customer").
		RunWith(r.db).ExecContext(ctx)
	return err
}

// The hit counter written as 1 on every conflict, built with ToSql and run
// on the pool.
func (r *Repo) Hit(ctx context.Context, path string) error {
	query, args, err := r.sb.Insert("hits").Columns("path", "count").Values(path, 1).
		Suffix("ON CONFLICT (path) DO UPDATE SET count = EXCLUDED.count").ToSql()
	if err != nil {
		return err
	}
	_, err = r.db.ExecContext(ctx, query, args...) // want `upsert resets hits\.count to 1 when the row exists: a retried or duplicate insert undoes increments made since; add to it instead: count = hits\.count \+ EXCLUDED\.count`
	return err
}

// ok: the seed's right form.
func (r *Repo) HitAtomic(ctx context.Context, path string) error {
	query, args, err := r.sb.Insert("hits").Columns("path", "count").Values(path, 1).
		Suffix("ON CONFLICT (path) DO UPDATE SET count = hits.count + EXCLUDED.count").ToSql()
	if err != nil {
		return err
	}
	_, err = r.db.ExecContext(ctx, query, args...)
	return err
}

// ok: DO NOTHING on the key.
func (r *Repo) HitOnce(ctx context.Context, path string) error {
	_, err := r.sb.Insert("hits").Columns("path", "count").Values(path, 1).
		Suffix("ON CONFLICT (path) DO NOTHING").RunWith(r.db).ExecContext(ctx)
	return err
}
