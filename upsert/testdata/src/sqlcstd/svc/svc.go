// Package svc calls sqlc's database/sql queries (MySQL).
package svc

import (
	"context"
	"database/sql"

	"sqlcstd/db"
)

func OpenCart(ctx context.Context, conn *sql.DB, userID int64) error {
	return db.New(conn).UpsertCart(ctx, userID) // want `upsert resets carts\.state to 'open' and carts\.item_count to 0 when the row exists`
}

// ok: qty accumulates.
func AddItem(ctx context.Context, conn *sql.DB, cartID int64, sku string, qty int32) error {
	return db.New(conn).SaveCartItem(ctx, db.SaveCartItemParams{CartID: cartID, Sku: sku, Qty: qty})
}

func SetPreference(ctx context.Context, tx *sql.Tx, q *db.Queries, userID int64, name, value string) error {
	return q.WithTx(tx).ReplaceSetting(ctx, db.ReplaceSettingParams{UserID: userID, Name: name, Value: value}) // ok: no schema says what it loses
}
