package bunq

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"
)

type Tag struct {
	bun.BaseModel `bun:"table:tags"`
	ID            int64  `bun:",pk,autoincrement"`
	Slug          string `bun:",unique"`
}

type Repo struct{ db *bun.DB }

// Exists deciding the insert.
func (r *Repo) Ensure(ctx context.Context, slug string) error {
	exists, err := r.db.NewSelect().Model((*Tag)(nil)).Where("slug = ?", slug).Exists(ctx)
	if err != nil {
		return err
	}
	if exists {
		return nil
	}
	_, err = r.db.NewInsert().Model(&Tag{Slug: slug}).Exec(ctx) // want `check-then-insert on tags\(slug\)`
	return err
}

// sql.ErrNoRows from Scan deciding the insert.
func (r *Repo) GetOrCreate(ctx context.Context, slug string) (*Tag, error) {
	t := new(Tag)
	err := r.db.NewSelect().Model(t).Where("slug = ?", slug).Scan(ctx)
	if err == nil {
		return t, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	t = &Tag{Slug: slug}
	_, err = r.db.NewInsert().Model(t).Exec(ctx) // want `check-then-insert on tags\(slug\)`
	return t, err
}

// ---- silent ----

func (r *Repo) EnsureOnConflict(ctx context.Context, slug string) error {
	exists, err := r.db.NewSelect().Model((*Tag)(nil)).Where("slug = ?", slug).Exists(ctx)
	if err != nil || exists {
		return err
	}
	_, err = r.db.NewInsert().Model(&Tag{Slug: slug}).On("CONFLICT (slug) DO NOTHING").Exec(ctx) // ok: ON CONFLICT DO NOTHING
	return err
}
