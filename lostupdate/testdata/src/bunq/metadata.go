package bunq

import (
	"context"

	"github.com/uptrace/bun"
)

type invoice struct {
	bun.BaseModel `bun:"table:invoices"`

	ID     string            `bun:"id,pk,type:character varying"`
	Amount int64             `bun:"amount"`
	Labels map[string]string `bun:"labels,type:jsonb,nullzero,notnull,default:'{}'"`
}

// The labels read with the row are merged with the request's in Go and the
// whole document is written back.
func MergeLabels(ctx context.Context, db *bun.DB, id string, labels map[string]string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	var inv invoice
	if err := tx.NewSelect().Model(&inv).Column("id", "labels").Where("id = ?", id).Scan(ctx); err != nil {
		return err
	}
	if inv.Labels == nil {
		inv.Labels = make(map[string]string)
	}
	for k, v := range labels {
		inv.Labels[k] = v
	}
	if _, err := tx.NewUpdate().Model(&inv).Column("labels").Where("id = ?", id).Exec(ctx); err != nil { // want `lost update on invoices.labels`
		return err
	}
	return tx.Commit()
}

// ---- silent ----

// The right fix: the row is locked from the read to the write.
func MergeLabelsLocked(ctx context.Context, db *bun.DB, id string, labels map[string]string) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var inv invoice
		if err := tx.NewSelect().Model(&inv).Column("id", "labels").Where("id = ?", id).For("UPDATE").Scan(ctx); err != nil {
			return err
		}
		if inv.Labels == nil {
			inv.Labels = make(map[string]string)
		}
		for k, v := range labels {
			inv.Labels[k] = v
		}
		_, err := tx.NewUpdate().Model(&inv).Column("labels").Where("id = ?", id).Exec(ctx) // ok: the row is locked
		return err
	})
}

// A look-alike: the request's labels replace the document on every path;
// the row read only proves the invoice exists.
func ReplaceLabels(ctx context.Context, db *bun.DB, id string, labels map[string]string) error {
	var inv invoice
	if err := db.NewSelect().Model(&inv).Column("id", "labels").Where("id = ?", id).Scan(ctx); err != nil {
		return err
	}
	inv.Labels = labels
	_, err := db.NewUpdate().Model(&inv).Column("labels").Where("id = ?", id).Exec(ctx) // ok: nothing of the old document is written back
	return err
}
