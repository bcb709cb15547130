// Package events consumes deposit events through a watermill router
// whose subscriber is wired in elsewhere (a durable one: Kafka, SQL).
package events

import (
	"database/sql"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/idemvet/idemvet/testdata/e2edelivery/internal/store"
)

type Deposits struct{ DB *sql.DB }

func (d *Deposits) Deposited(msg *message.Message) error {
	return store.Credit(msg.Context(), d.DB, string(msg.Payload), 10) // HAZARD(redelivery)
}

func (d *Deposits) DepositedOnce(msg *message.Message) error {
	ctx := msg.Context()
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if first, err := store.Claim(ctx, tx, msg.UUID); err != nil || !first {
		return err
	}
	if err := store.Credit(ctx, tx, string(msg.Payload), 10); err != nil { // SAFE(redelivery): the message's UUID claimed in the transaction
		return err
	}
	return tx.Commit()
}

// Forward credits and publishes what it did (message.HandlerFunc).
func (d *Deposits) Forward(msg *message.Message) ([]*message.Message, error) {
	if err := store.Credit(msg.Context(), d.DB, string(msg.Payload), 10); err != nil { // HAZARD(redelivery)
		return nil, err
	}
	return []*message.Message{message.NewMessage(msg.UUID, msg.Payload)}, nil
}

func Route(r *message.Router, sub message.Subscriber, pub message.Publisher, d *Deposits) {
	r.AddNoPublisherHandler("deposited", "deposits", sub, d.Deposited)
	r.AddNoPublisherHandler("deposited.once", "deposits", sub, d.DepositedOnce)
	r.AddHandler("forward", "deposits", sub, "credited", pub, d.Forward)
}
