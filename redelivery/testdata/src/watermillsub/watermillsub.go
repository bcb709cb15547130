// Package watermillsub consumes usage events through a watermill router.
// A subscriber redelivers a message its handler did not ack (an error, a
// crash, an ack lost with the connection): the handler runs again.
package watermillsub

import (
	"database/sql"
	"encoding/json"

	"github.com/ThreeDotsLabs/watermill/message"
)

type Consumer struct{ DB *sql.DB }

type usage struct {
	Customer string `json:"customer"`
	Units    int64  `json:"units"`
}

func decode(msg *message.Message) (usage, error) {
	var u usage
	err := json.Unmarshal(msg.Payload, &u)
	return u, err
}

// ---- reported ----

func (c *Consumer) TrackUsage(msg *message.Message) error {
	u, err := decode(msg)
	if err != nil {
		return err
	}
	_, err = c.DB.ExecContext(msg.Context(), `UPDATE meters SET units = units + $1 WHERE customer = $2`, u.Units, u.Customer) // want `watermill message handler repeats this relative update of meters.units when the message is delivered again; claim the message's UUID first`
	return err
}

// A handler that publishes what it derived (message.HandlerFunc).
func (c *Consumer) RecordAndForward(msg *message.Message) ([]*message.Message, error) {
	if _, err := c.DB.ExecContext(msg.Context(), `INSERT INTO usage_log (body) VALUES ($1)`, []byte(msg.Payload)); err != nil { // want `watermill message handler repeats this insert into usage_log when the message is delivered again`
		return nil, err
	}
	return []*message.Message{message.NewMessage(msg.UUID, msg.Payload)}, nil
}

// ---- silent ----

// The message's UUID is claimed in the transaction of the update.
func (c *Consumer) TrackUsageOnce(msg *message.Message) error {
	u, err := decode(msg)
	if err != nil {
		return err
	}
	tx, err := c.DB.BeginTx(msg.Context(), nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(msg.Context(), `INSERT INTO processed_messages (id) VALUES ($1) ON CONFLICT DO NOTHING`, msg.UUID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil // delivered before
	}
	if _, err := tx.ExecContext(msg.Context(), `UPDATE meters SET units = units + $1 WHERE customer = $2`, u.Units, u.Customer); err != nil { // ok: claimed first
		return err
	}
	return tx.Commit()
}

// The log row is keyed by the message: a redelivery conflicts.
func (c *Consumer) RecordAndForwardKeyed(msg *message.Message) ([]*message.Message, error) {
	if _, err := c.DB.ExecContext(msg.Context(), `INSERT INTO usage_log (message_id, body) VALUES ($1, $2) ON CONFLICT (message_id) DO NOTHING`, msg.UUID, []byte(msg.Payload)); err != nil { // ok: keyed by the message
		return nil, err
	}
	return []*message.Message{message.NewMessage(msg.UUID, msg.Payload)}, nil
}

func Setup(r *message.Router, sub message.Subscriber, pub message.Publisher, c *Consumer) {
	r.AddNoPublisherHandler("usage", "usage", sub, c.TrackUsage)
	r.AddNoPublisherHandler("usage.once", "usage", sub, c.TrackUsageOnce)
	r.AddHandler("forward", "usage", sub, "usage.logged", pub, c.RecordAndForward)
	r.AddHandler("forward.keyed", "usage", sub, "usage.logged", pub, c.RecordAndForwardKeyed)
}
