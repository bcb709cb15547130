package preparedq

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Members prepares its statements once, into unexported fields.
type Members struct {
	find   *sql.Stmt
	add    *sql.Stmt
	upsert *sql.Stmt
}

func NewMembers(ctx context.Context, db *sql.DB) (*Members, error) {
	m := &Members{}
	var err error
	if m.find, err = db.PrepareContext(ctx, `SELECT id FROM members WHERE email = $1`); err != nil {
		return nil, err
	}
	if m.add, err = db.PrepareContext(ctx, `INSERT INTO members (email) VALUES ($1)`); err != nil {
		return nil, err
	}
	if m.upsert, err = db.PrepareContext(ctx, `INSERT INTO members (email) VALUES ($1) ON CONFLICT (email) DO NOTHING`); err != nil {
		return nil, err
	}
	return m, nil
}

func (m *Members) Join(ctx context.Context, email string) error {
	var id int64
	err := m.find.QueryRowContext(ctx, email).Scan(&id)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = m.add.ExecContext(ctx, email) // want `check-then-insert on members\(email\)`
	return err
}

// Tags runs statements its pool prepares on each connection, by name.
type Tags struct{ pool *pgxpool.Pool }

func OpenTags(ctx context.Context, dsn string) (*Tags, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, err
	}
	cfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
		if _, err := c.Prepare(ctx, "tag_by_name", `SELECT id FROM tags WHERE name = $1`); err != nil {
			return err
		}
		if _, err := c.Prepare(ctx, "tag_insert", `INSERT INTO tags (name) VALUES ($1)`); err != nil {
			return err
		}
		_, err := c.Prepare(ctx, "tag_insert_once", `INSERT INTO tags (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`)
		return err
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return &Tags{pool: pool}, nil
}

func (t *Tags) Add(ctx context.Context, name string) error {
	var id int64
	err := t.pool.QueryRow(ctx, "tag_by_name", name).Scan(&id)
	if err == nil {
		return nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	_, err = t.pool.Exec(ctx, "tag_insert", name) // want `check-then-insert on tags\(name\)`
	return err
}

// ---- silent ----

func (m *Members) JoinOnce(ctx context.Context, email string) error {
	var id int64
	err := m.find.QueryRowContext(ctx, email).Scan(&id)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = m.upsert.ExecContext(ctx, email) // ok: ON CONFLICT DO NOTHING
	return err
}

func (t *Tags) AddOnce(ctx context.Context, name string) error {
	var id int64
	err := t.pool.QueryRow(ctx, "tag_by_name", name).Scan(&id)
	if err == nil {
		return nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	_, err = t.pool.Exec(ctx, "tag_insert_once", name) // ok: ON CONFLICT DO NOTHING
	return err
}
