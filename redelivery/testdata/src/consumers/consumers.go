// Package consumers processes order messages from NATS and Kafka.
package consumers

import (
	"context"
	"database/sql"

	"github.com/nats-io/nats.go"
	"github.com/segmentio/kafka-go"
)

type Orders struct{ DB *sql.DB }

func (o *Orders) OnPlaced(m *nats.Msg) {
	o.DB.Exec(`INSERT INTO shipments (order_ref) VALUES ($1)`, string(m.Data)) // want `nats message handler repeats this insert into shipments when the message is delivered again; claim the Nats-Msg-Id header first`
}

func (o *Orders) OnPlacedOnce(m *nats.Msg) {
	res, err := o.DB.Exec(`INSERT INTO shipments (order_ref) VALUES ($1) ON CONFLICT (order_ref) DO NOTHING`, string(m.Data)) // ok: DO NOTHING
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	o.DB.Exec(`UPDATE stock SET reserved = reserved + 1 WHERE sku = $1`, "sku") // ok: after the claim on the business key
}

func (o *Orders) Loop(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		o.DB.ExecContext(ctx, `UPDATE counters SET n = n + 1 WHERE topic = $1`, m.Topic) // want `kafka-go message handler repeats this relative update of counters.n`
		r.CommitMessages(ctx, m)
	}
}

// ReadMessage commits the offset as it reads: a crash after the read
// loses the message, one before the commit delivers it again.
func (o *Orders) ReadLoop(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		o.DB.ExecContext(ctx, `INSERT INTO shipments (order_ref) VALUES ($1)`, string(m.Key)) // want `kafka-go message handler repeats this insert into shipments when the message is delivered again; claim the message's topic, partition and offset first`
	}
}

// The same loop, the insert keyed by the order and its conflict ignored.
func (o *Orders) ReadLoopOnce(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		o.DB.ExecContext(ctx, `INSERT INTO shipments (order_ref) VALUES ($1) ON CONFLICT (order_ref) DO NOTHING`, string(m.Key)) // ok: keyed by the order, a redelivery conflicts
	}
}

func (o *Orders) OnCancel(m *nats.Msg) {
	o.DB.Exec(`UPDATE orders SET status = 'canceled' WHERE ref = $1`, string(m.Data)) // ok: absolute
}

// A profile sync: each field is written when the message carries it, and
// kept when it is empty. Delivered twice, it writes the same values.
func (o *Orders) OnProfile(m *nats.Msg) {
	o.DB.Exec(`UPDATE customers SET display_name = COALESCE(NULLIF($1, ''), display_name), phone = COALESCE($2, phone) WHERE ref = $3`, string(m.Data), nil, m.Subject) // ok: absolute, or unchanged
}

// The same fallback around a relative value still counts twice.
func (o *Orders) OnPoints(m *nats.Msg) {
	o.DB.Exec(`UPDATE customers SET points = COALESCE(points, 0) + 10 WHERE ref = $1`, m.Subject) // want `nats message handler repeats this relative update of customers.points`
}
