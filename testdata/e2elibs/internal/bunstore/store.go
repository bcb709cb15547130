// Package bunstore is a repository written with uptrace/bun over
// PostgreSQL (pgdialect on database/sql).
package bunstore

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
)

type Project struct {
	bun.BaseModel `bun:"table:projects,alias:p"`

	ID      int64  `bun:",pk,autoincrement"`
	Slug    string `bun:",unique"`
	Credits int64
	State   string
}

var ErrTaken = errors.New("taken")

type Store struct{ db *bun.DB }

func New(sqldb *sql.DB) *Store { return &Store{db: bun.NewDB(sqldb, pgdialect.New())} }

func (s *Store) Create(ctx context.Context, slug string) error {
	exists, err := s.db.NewSelect().Model((*Project)(nil)).Where("slug = ?", slug).Exists(ctx)
	if err != nil {
		return err
	}
	if exists {
		return ErrTaken
	}
	_, err = s.db.NewInsert().Model(&Project{Slug: slug, State: "active"}).Exec(ctx) // HAZARD(checkfindinsert)
	return err
}

func (s *Store) CreateIdempotent(ctx context.Context, slug string) error {
	exists, err := s.db.NewSelect().Model((*Project)(nil)).Where("slug = ?", slug).Exists(ctx)
	if err != nil || exists {
		return err
	}
	_, err = s.db.NewInsert().Model(&Project{Slug: slug, State: "active"}).On("CONFLICT (slug) DO NOTHING").Exec(ctx) // SAFE(checkfindinsert): ON CONFLICT DO NOTHING
	return err
}

func (s *Store) Spend(ctx context.Context, id, n int64) error {
	p := new(Project)
	if err := s.db.NewSelect().Model(p).Where("id = ?", id).Scan(ctx); err != nil {
		return err
	}
	_, err := s.db.NewUpdate().Model(p).Set("credits = ?", p.Credits-n).WherePK().Exec(ctx) // HAZARD(lostupdate)
	return err
}

func (s *Store) SpendAtomic(ctx context.Context, id, n int64) error {
	_, err := s.db.NewUpdate().Model((*Project)(nil)).Set("credits = credits - ?", n).Where("id = ?", id).Exec(ctx) // SAFE(lostupdate): atomic
	return err
}

func (s *Store) Suspend(ctx context.Context, id int64) error {
	_, err := s.db.NewUpdate().Model((*Project)(nil)).Set("state = ?", "suspended").Where("id = ?", id).Where("state = ?", "active").Exec(ctx) // HAZARD(noversion)
	return err
}

func (s *Store) SuspendChecked(ctx context.Context, id int64) error {
	res, err := s.db.NewUpdate().Model((*Project)(nil)).Set("state = ?", "suspended").Where("id = ?", id).Where("state = ?", "active").Exec(ctx) // SAFE(noversion): rows affected tested
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return errors.New("not active")
	}
	return nil
}

func announce(slug string) error {
	resp, err := http.Post("https://hooks.example.com/projects", "application/json", strings.NewReader(slug))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (s *Store) Archive(ctx context.Context, id int64) error {
	return s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		p := new(Project)
		if err := tx.NewSelect().Model(p).Where("id = ?", id).For("UPDATE").Scan(ctx); err != nil {
			return err
		}
		if err := announce(p.Slug); err != nil { // HAZARD(lockacrosscall)
			return err
		}
		_, err := tx.NewUpdate().Model(p).Set("state = ?", "archived").WherePK().Exec(ctx)
		return err
	})
}

// Import adds a project from a template: On without Set makes bun update
// every column, so a second import resets an archived project's state.
func (s *Store) Import(ctx context.Context, slug string) error {
	_, err := s.db.NewInsert().Model(&Project{Slug: slug, State: "pending"}).On("CONFLICT (slug) DO UPDATE").Exec(ctx) // HAZARD(upsert)
	return err
}

func (s *Store) TopUp(ctx context.Context, slug string, n int64) error {
	_, err := s.db.NewInsert().Model(&Project{Slug: slug, Credits: n, State: "pending"}).On("CONFLICT (slug) DO UPDATE").Set("credits = p.credits + EXCLUDED.credits").Exec(ctx) // SAFE(upsert): computed from the existing row
	return err
}
