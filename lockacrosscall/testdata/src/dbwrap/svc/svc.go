// Package svc refunds orders through the application's own database layer.
package svc

import (
	"context"
	"net/http"
	"strings"

	"dbwrap/db"
)

type Orders struct{ bus *db.Bus }

func refund(id int64) error {
	resp, err := http.Post("https://pay.example.com/refunds", "application/json", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (o *Orders) Refund(ctx context.Context, id int64) error {
	return o.bus.InTx(ctx, func(tx *db.Tx) error {
		var state string
		if err := tx.One(ctx, &state, "SELECT state FROM orders WHERE id = $1 FOR UPDATE", id); err != nil {
			return err
		}
		if err := refund(id); err != nil { // want `HTTP call \(svc.refund → net/http.Post\) while the transaction holds the row lock`
			return err
		}
		_, err := tx.Run(ctx, "UPDATE orders SET state = 'refunded' WHERE id = $1", id)
		return err
	})
}

// ---- silent ----

func (o *Orders) RefundAfter(ctx context.Context, id int64) error {
	err := o.bus.InTx(ctx, func(tx *db.Tx) error {
		_, err := tx.Run(ctx, "UPDATE orders SET state = 'refunding' WHERE id = $1 AND state = 'paid'", id)
		return err
	})
	if err != nil {
		return err
	}
	return refund(id) // ok: after commit
}
