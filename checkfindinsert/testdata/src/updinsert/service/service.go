// Package service meters API calls per user and day.
package service

import (
	"context"
	"time"

	"updinsert/repo"
)

type Meter struct{ usage *repo.Usage }

// Record bumps today's counter and starts it when there was none: two
// first calls of the day both update nothing and both insert.
func (m *Meter) Record(ctx context.Context, user int64) error {
	day := time.Now().UTC().Truncate(24 * time.Hour)
	n, err := m.usage.Bump(ctx, user, day)
	if err != nil {
		return err
	}
	if n == 0 {
		return m.usage.Start(ctx, user, day) // want `update-then-insert on daily_usage\(user_id, day\): when the UPDATE by repo.Usage.Bump at service.go:\d+ matches no row, concurrent requests both insert and the UNIQUE constraint daily_usage_pkey fails the loser`
	}
	return nil
}

func (m *Meter) RecordTouch(ctx context.Context, user int64) error {
	day := time.Now().UTC().Truncate(24 * time.Hour)
	ok, err := m.usage.Touch(ctx, user, day)
	if err != nil {
		return err
	}
	if !ok {
		return m.usage.Start(ctx, user, day) // want `update-then-insert on daily_usage\(user_id, day\)`
	}
	return nil
}

// ---- silent ----

func (m *Meter) RecordUpsert(ctx context.Context, user int64) error {
	return m.usage.StartOrBump(ctx, user, time.Now().UTC().Truncate(24*time.Hour)) // ok: one upsert
}

// The loser's violation is handled: it bumps the row the winner inserted.
func (m *Meter) RecordHandled(ctx context.Context, user int64) error {
	day := time.Now().UTC().Truncate(24 * time.Hour)
	n, err := m.usage.Bump(ctx, user, day)
	if err != nil || n > 0 {
		return err
	}
	inserted, err := m.usage.StartHandled(ctx, user, day) // ok: the duplicate key is handled
	if err != nil || inserted {
		return err
	}
	_, err = m.usage.Bump(ctx, user, day)
	return err
}

// A row of another table when nothing was counted.
func (m *Meter) RecordMiss(ctx context.Context, user int64) error {
	day := time.Now().UTC().Truncate(24 * time.Hour)
	n, err := m.usage.Bump(ctx, user, day)
	if err != nil {
		return err
	}
	if n == 0 {
		return m.usage.Log(ctx, user, day) // ok: another table
	}
	return nil
}
