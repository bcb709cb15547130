// Package keyedinsert consumes product commands whose message carries the
// new product's id.
package keyedinsert

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"
)

type Writer struct{ DB *sql.DB }

type createProduct struct {
	ProductID string `json:"product_id"`
	Name      string `json:"name"`
}

func (w *Writer) Loop(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		var cmd createProduct
		if err := json.Unmarshal(m.Value, &cmd); err != nil {
			continue
		}
		// ok: the primary key comes from the message; a redelivery violates it
		w.DB.ExecContext(ctx, `INSERT INTO products (product_id, name) VALUES ($1, $2)`, cmd.ProductID, cmd.Name)
		// A key minted here is new on every delivery: a second product.
		w.DB.ExecContext(ctx, `INSERT INTO products (product_id, name) VALUES ($1, $2)`, uuid.NewString(), cmd.Name) // want `kafka-go message handler repeats this insert into products`
		// The serial id is the key, and product_id is not unique: a second event row.
		w.DB.ExecContext(ctx, `INSERT INTO product_events (product_id, kind) VALUES ($1, 'created')`, cmd.ProductID) // want `kafka-go message handler repeats this insert into product_events`
		r.CommitMessages(ctx, m)
	}
}
