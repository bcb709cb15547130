// Package brokers consumes from each broker and queue library idemvet
// knows, once without a claim and once claiming the delivery's id.
package brokers

import (
	"context"
	"database/sql"

	amqp "github.com/rabbitmq/amqp091-go"
)

type Ledger struct{ DB *sql.DB }

// claim records a delivery id; false when it was recorded before.
func (l *Ledger) claim(ctx context.Context, tx *sql.Tx, id string) (bool, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO inbox (message_id) VALUES ($1) ON CONFLICT DO NOTHING`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// RabbitMQ: a Consume loop acknowledging after the write.
func (l *Ledger) ConsumeDeposits(ch *amqp.Channel) error {
	msgs, err := ch.Consume("deposits", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		l.DB.Exec(`UPDATE balances SET amount = amount + 10 WHERE account = $1`, d.RoutingKey) // want `amqp message handler repeats this relative update of balances.amount when the message is delivered again; claim the delivery's MessageId first`
		d.Ack(false)
	}
	return nil
}

// A handler taking the delivery, claiming its MessageId in the
// transaction of the credit.
func (l *Ledger) OnDeposit(d amqp.Delivery) error {
	ctx := context.Background()
	tx, err := l.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if first, err := l.claim(ctx, tx, d.MessageId); err != nil || !first {
		return d.Ack(false)
	}
	tx.ExecContext(ctx, `UPDATE balances SET amount = amount + 10 WHERE account = $1`, d.RoutingKey) // ok: claimed in the transaction
	if err := tx.Commit(); err != nil {
		return err
	}
	return d.Ack(false)
}

// Without the claim.
func (l *Ledger) OnWithdrawal(d amqp.Delivery) error {
	_, err := l.DB.Exec(`INSERT INTO withdrawals (account, body) VALUES ($1, $2)`, d.RoutingKey, d.Body) // want `amqp message handler repeats this insert into withdrawals`
	return err
}

// Listener is the service's own wrapper of Consume, behind an interface.
type Listener interface {
	Listen(ctx context.Context, queue string) (<-chan amqp.Delivery, error)
}

// A select loop over the wrapper's channel.
func (l *Ledger) Settled(ctx context.Context, lis Listener) error {
	deliveries, err := lis.Listen(ctx, "invoice.settled")
	if err != nil {
		return err
	}
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case d, ok := <-deliveries:
			if !ok {
				return nil
			}
			l.DB.ExecContext(ctx, `UPDATE balances SET amount = amount + 1 WHERE account = $1`, d.RoutingKey) // want `amqp message handler repeats this relative update of balances.amount when the message is delivered again; claim the delivery's MessageId first`
			d.Ack(false)
		}
	}
}

// A range over it, each delivery claimed first.
func (l *Ledger) SettledOnce(ctx context.Context, lis Listener) error {
	deliveries, err := lis.Listen(ctx, "invoice.settled")
	if err != nil {
		return err
	}
	for d := range deliveries {
		tx, _ := l.DB.BeginTx(ctx, nil)
		if first, err := l.claim(ctx, tx, d.MessageId); err != nil || !first {
			tx.Rollback()
			d.Ack(false)
			continue
		}
		tx.ExecContext(ctx, `UPDATE balances SET amount = amount + 1 WHERE account = $1`, d.RoutingKey) // ok: the MessageId claimed
		tx.Commit()
		d.Ack(false)
	}
	return nil
}
