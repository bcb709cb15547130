// Package bunconflict holds upserts bun writes from On, Set and Where.
package bunconflict

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

type Feed struct {
	bun.BaseModel `bun:"table:feeds"`
	ID            int64  `bun:",pk,autoincrement"`
	URL           string `bun:",unique"`
	Title         string
	Paused        bool
	ErrorCount    int64
	CheckedAt     time.Time
}

type Job struct {
	bun.BaseModel `bun:"table:jobs"`
	Key           string `bun:",pk"`
	Kind          string
	Status        string
	Attempts      int64
}

type PageView struct {
	bun.BaseModel `bun:"table:page_views"`
	Path          string `bun:",pk"`
	Day           string `bun:",pk"`
	Views         int64
}

type Store struct{ db *bun.DB }

// DO UPDATE without Set: bun sets every column from the model, so a
// re-subscribe unpauses a feed the owner paused.
func (s *Store) Subscribe(ctx context.Context, f *Feed) error {
	_, err := s.db.NewInsert().Model(f).On("CONFLICT (url) DO UPDATE").Exec(ctx) // want `upsert with DO UPDATE and no Set on feeds\(url\): bun sets every column of the model from this insert, so a retried or duplicate insert overwrites the existing row \(title, paused, error_count and checked_at\), undoing changes made since; list the columns meant to change with Set\("col = EXCLUDED\.col"\)`
	return err
}

// ok: Set lists the columns the refresh owns.
func (s *Store) Refresh(ctx context.Context, f *Feed) error {
	_, err := s.db.NewInsert().Model(f).On("CONFLICT (url) DO UPDATE").Set("title = EXCLUDED.title").Set("checked_at = EXCLUDED.checked_at").Exec(ctx)
	return err
}

// A re-enqueue puts a running or finished job back to pending.
func (s *Store) Enqueue(ctx context.Context, key, kind string) error {
	_, err := s.db.NewInsert().Model(&Job{Key: key, Kind: kind, Status: "pending"}).On("CONFLICT (key) DO UPDATE").Set("kind = EXCLUDED.kind, status = EXCLUDED.status").Exec(ctx) // want `upsert resets jobs\.status to 'pending' when the row exists: a retried or duplicate insert undoes transitions made since; leave status out of DO UPDATE, or update it only WHERE jobs\.status = 'pending'`
	return err
}

// The same without Set: bun's SET of every column resets the status and the
// attempts.
func (s *Store) EnqueueAll(ctx context.Context, key, kind string) error {
	_, err := s.db.NewInsert().Model(&Job{Key: key, Kind: kind, Status: "queued", Attempts: 0}).On("CONFLICT (key) DO UPDATE").Exec(ctx) // want `upsert resets jobs\.status to 'queued' and jobs\.attempts to 0 when the row exists: .*; leave status out of the SET bun writes for every column \(list the others with Set\)`
	return err
}

// ok: Where guards the transition (bun writes it after the DO UPDATE SET).
func (s *Store) EnqueueGuarded(ctx context.Context, key, kind string) error {
	_, err := s.db.NewInsert().Model(&Job{Key: key, Kind: kind, Status: "pending"}).On("CONFLICT (key) DO UPDATE").Set("status = EXCLUDED.status").Where("jobs.status = 'failed'").Exec(ctx)
	return err
}

// ok: DO NOTHING on the key.
func (s *Store) EnqueueOnce(ctx context.Context, key, kind string) error {
	_, err := s.db.NewInsert().Model(&Job{Key: key, Kind: kind, Status: "pending"}).On("CONFLICT (key) DO NOTHING").Exec(ctx)
	return err
}

// A page view written as 1 on every conflict.
func (s *Store) CountView(ctx context.Context, path, day string) error {
	_, err := s.db.NewInsert().Model(&PageView{Path: path, Day: day, Views: 1}).On("CONFLICT (path, day) DO UPDATE").Set("views = EXCLUDED.views").Exec(ctx) // want `upsert resets page_views\.views to 1 when the row exists: a retried or duplicate insert undoes increments made since; add to it instead: views = page_views\.views \+ EXCLUDED\.views`
	return err
}

// ok: the seed's right form, computed from the existing row.
func (s *Store) CountViewAtomic(ctx context.Context, path, day string) error {
	_, err := s.db.NewInsert().Model(&PageView{Path: path, Day: day, Views: 1}).On("CONFLICT (path, day) DO UPDATE").Set("views = page_views.views + EXCLUDED.views").Exec(ctx)
	return err
}

// MySQL: DUPLICATE KEY UPDATE without Set is every column = VALUES(column).
func (s *Store) EnqueueMySQL(ctx context.Context, key, kind string) error {
	_, err := s.db.NewInsert().Model(&Job{Key: key, Kind: kind, Status: "pending"}).On("DUPLICATE KEY UPDATE").Exec(ctx) // want `upsert resets jobs\.status to 'pending' when the row exists`
	return err
}

// ok: MySQL with an explicit list of the caller's data.
func (s *Store) RenameMySQL(ctx context.Context, key, kind string) error {
	_, err := s.db.NewInsert().Model(&Job{Key: key, Kind: kind, Status: "pending"}).On("DUPLICATE KEY UPDATE").Set("kind = VALUES(kind)").Exec(ctx)
	return err
}

// ok: a key and one value: bun's SET of every column is the explicit list.
type Setting struct {
	bun.BaseModel `bun:"table:settings"`
	Name          string `bun:",pk"`
	Value         string
}

func (s *Store) PutSetting(ctx context.Context, name, value string) error {
	_, err := s.db.NewInsert().Model(&Setting{Name: name, Value: value}).On("CONFLICT (name) DO UPDATE").Exec(ctx)
	return err
}
