// Package pgxjobs holds PostgreSQL upserts run through pgx v5.
package pgxjobs

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

// Subscribing again un-verifies an address that was verified since.
func (s *Store) Subscribe(ctx context.Context, email string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO subscribers (email, is_verified, created_at) VALUES ($1, false, now()) ON CONFLICT (email) DO UPDATE SET is_verified = EXCLUDED.is_verified`, email) // want `upsert resets subscribers\.is_verified to false when the row exists`
	return err
}

// created_at set to now() on every conflict.
func (s *Store) TouchAccount(ctx context.Context, id int64, plan string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO accounts (id, plan) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET plan = EXCLUDED.plan, created_at = now()`, id, plan) // want `upsert overwrites accounts\.created_at when the row exists`
	return err
}

// ok: a refresh with named arguments: every value is the caller's.
func (s *Store) SaveProfile(ctx context.Context, id int64, name, avatar string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO profiles (user_id, name, avatar_url) VALUES (@id, @name, @avatar) ON CONFLICT (user_id) DO UPDATE SET name = EXCLUDED.name, avatar_url = EXCLUDED.avatar_url`,
		pgx.NamedArgs{"id": id, "name": name, "avatar": avatar})
	return err
}

// ok: a counter accumulated with EXCLUDED.
func (s *Store) AddUsage(ctx context.Context, tenant string, n int64) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO usage (tenant, day, units) VALUES ($1, current_date, $2) ON CONFLICT (tenant, day) DO UPDATE SET units = usage.units + EXCLUDED.units`, tenant, n)
	return err
}

// ok: GREATEST keeps the larger value.
func (s *Store) RecordHighScore(ctx context.Context, player string, score int64) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO high_scores (player, score) VALUES ($1, $2) ON CONFLICT (player) DO UPDATE SET score = GREATEST(high_scores.score, EXCLUDED.score)`, player, score)
	return err
}

// A transaction callback: the reset is reported at the Exec.
func (s *Store) Claim(ctx context.Context, key string) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO tasks (key, state, retry_count) VALUES ($1, 'new', 0) ON CONFLICT (key) DO UPDATE SET state = EXCLUDED.state, retry_count = EXCLUDED.retry_count`, key) // want `upsert resets tasks\.state to 'new' and tasks\.retry_count to 0 when the row exists`
		return err
	})
}
