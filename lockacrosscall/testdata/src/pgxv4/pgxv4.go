package pgxv4

import (
	"context"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
)

func refund(id int64) error {
	resp, err := http.Post("https://pay.example.com/refunds", "application/json", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func Refund(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	return pool.BeginFunc(ctx, func(tx pgx.Tx) error {
		var state string
		if err := tx.QueryRow(ctx, "SELECT state FROM orders WHERE id = $1 FOR UPDATE", id).Scan(&state); err != nil {
			return err
		}
		if err := refund(id); err != nil { // want `HTTP call \(pgxv4.refund → net/http.Post\) while the transaction holds the row lock`
			return err
		}
		_, err := tx.Exec(ctx, "UPDATE orders SET state = 'refunded' WHERE id = $1", id)
		return err
	})
}

// ---- silent ----

func RefundAfter(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	err := pool.BeginFunc(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "UPDATE orders SET state = 'refunding' WHERE id = $1 AND state = 'paid'", id)
		return err
	})
	if err != nil {
		return err
	}
	return refund(id) // ok: after commit
}
