package bunq

import (
	"context"
	"net/http"
	"strings"

	"github.com/uptrace/bun"
)

type Order struct {
	ID     int64 `bun:",pk"`
	Status string
}

func capture(id int64) error {
	resp, err := http.Post("https://pay.example.com/captures", "application/json", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func Capture(ctx context.Context, db *bun.DB, id int64) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		o := new(Order)
		if err := tx.NewSelect().Model(o).Where("id = ?", id).For("UPDATE").Scan(ctx); err != nil {
			return err
		}
		if err := capture(id); err != nil { // want `HTTP call \(bunq.capture → net/http.Post\) while the transaction holds the row lock`
			return err
		}
		_, err := tx.NewUpdate().Model(o).Set("status = ?", "captured").WherePK().Exec(ctx)
		return err
	})
}

// ---- silent ----

func CaptureAfter(ctx context.Context, db *bun.DB, id int64) error {
	err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewUpdate().Model((*Order)(nil)).Set("status = ?", "capturing").Where("id = ?", id).Exec(ctx)
		return err
	})
	if err != nil {
		return err
	}
	return capture(id) // ok: after commit
}
