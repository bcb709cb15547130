package brokers

import (
	"context"
	"fmt"

	"github.com/apache/pulsar-client-go/pulsar"
	"github.com/nsqio/go-nsq"
)

// NSQ requeues a message whose handler returned an error, or whose
// handler timed out: HandleMessage runs again.
type Refunds struct{ L *Ledger }

func (h *Refunds) HandleMessage(m *nsq.Message) error {
	_, err := h.L.DB.Exec(`INSERT INTO refunds (body) VALUES ($1)`, m.Body) // want `nsq message handler repeats this insert into refunds when the message is delivered again; claim the message's ID first`
	return err
}

type RefundsOnce struct{ L *Ledger }

func (h *RefundsOnce) HandleMessage(m *nsq.Message) error {
	_, err := h.L.DB.Exec(`INSERT INTO refunds (nsq_id, body) VALUES ($1, $2) ON CONFLICT (nsq_id) DO NOTHING`, fmt.Sprintf("%x", m.ID), m.Body) // ok: keyed by the message
	return err
}

func consumeRefunds(c *nsq.Consumer, l *Ledger) {
	c.AddHandler(&Refunds{L: l})
	c.AddHandler(&RefundsOnce{L: l})
}

// Pulsar redelivers a message not acked before its ack timeout, or
// nacked.
func (l *Ledger) ReceiveTransfers(ctx context.Context, c pulsar.Consumer) {
	for {
		msg, err := c.Receive(ctx)
		if err != nil {
			return
		}
		l.DB.ExecContext(ctx, `UPDATE balances SET amount = amount - 10 WHERE account = $1`, msg.Key()) // want `pulsar message handler repeats this relative update of balances.amount when the message is delivered again; claim the message's ID \(msg.ID\(\)\) first`
		c.Ack(msg)
	}
}

func (l *Ledger) ReceiveTransfersOnce(ctx context.Context, c pulsar.Consumer) {
	for {
		msg, err := c.Receive(ctx)
		if err != nil {
			return
		}
		tx, err := l.DB.BeginTx(ctx, nil)
		if err != nil {
			return
		}
		if first, err := l.claim(ctx, tx, msg.ID().String()); err != nil || !first {
			tx.Rollback()
			c.Ack(msg)
			continue
		}
		tx.ExecContext(ctx, `UPDATE balances SET amount = amount - 10 WHERE account = $1`, msg.Key()) // ok: the message's ID claimed in the transaction
		tx.Commit()
		c.Ack(msg)
	}
}
