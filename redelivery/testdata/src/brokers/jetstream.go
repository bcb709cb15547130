package brokers

import (
	"context"
	"strconv"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// A JetStream consumer: the callback takes the message.
func (l *Ledger) Run(cons jetstream.Consumer) error {
	_, err := cons.Consume(func(msg jetstream.Msg) {
		l.DB.Exec(`INSERT INTO receipts (body) VALUES ($1)`, msg.Data()) // want `jetstream message handler repeats this insert into receipts when the message is delivered again; claim the Nats-Msg-Id header or the stream sequence first`
		msg.Ack()
	})
	return err
}

// Claimed on the stream sequence.
func (l *Ledger) OnReceipt(msg jetstream.Msg) {
	meta, err := msg.Metadata()
	if err != nil {
		return
	}
	ctx := context.Background()
	tx, _ := l.DB.BeginTx(ctx, nil)
	defer tx.Rollback()
	if first, err := l.claim(ctx, tx, strconv.FormatUint(meta.Sequence.Stream, 10)); err != nil || !first {
		msg.Ack()
		return
	}
	tx.ExecContext(ctx, `INSERT INTO receipts (body) VALUES ($1)`, msg.Data()) // ok: the sequence claimed
	tx.Commit()
	msg.Ack()
}

// Core NATS, a queue group: claimed on the publisher's Nats-Msg-Id.
func (l *Ledger) Subscribe(nc *nats.Conn) {
	nc.QueueSubscribe("refunds", "workers", func(m *nats.Msg) {
		ctx := context.Background()
		tx, _ := l.DB.BeginTx(ctx, nil)
		defer tx.Rollback()
		if first, _ := l.claim(ctx, tx, m.Header.Get("Nats-Msg-Id")); !first {
			return
		}
		tx.ExecContext(ctx, `UPDATE balances SET amount = amount - 5 WHERE account = $1`, m.Subject) // ok: claimed on Nats-Msg-Id
		tx.Commit()
	})
	nc.Subscribe("fees", func(m *nats.Msg) {
		l.DB.Exec(`UPDATE balances SET amount = amount - 1 WHERE account = $1`, m.Subject) // want `nats message handler repeats this relative update of balances.amount`
	})
}

// A pull consumer fetching batches.
func (l *Ledger) Pull(ctx context.Context, cons jetstream.Consumer) error {
	for {
		batch, err := cons.Fetch(10)
		if err != nil {
			return err
		}
		for msg := range batch.Messages() {
			l.DB.ExecContext(ctx, `UPDATE balances SET amount = amount + 1 WHERE account = $1`, msg.Subject()) // want `jetstream message handler repeats this relative update of balances.amount when the message is delivered again; claim the Nats-Msg-Id header or the stream sequence first`
			msg.Ack()
		}
	}
}

// The same batches, each message claimed on its stream sequence first.
func (l *Ledger) PullClaimed(ctx context.Context, cons jetstream.Consumer) error {
	for {
		batch, err := cons.Fetch(10)
		if err != nil {
			return err
		}
		for msg := range batch.Messages() {
			meta, err := msg.Metadata()
			if err != nil {
				continue
			}
			tx, _ := l.DB.BeginTx(ctx, nil)
			if first, err := l.claim(ctx, tx, strconv.FormatUint(meta.Sequence.Stream, 10)); err != nil || !first {
				tx.Rollback()
				msg.Ack()
				continue
			}
			tx.ExecContext(ctx, `UPDATE balances SET amount = amount + 1 WHERE account = $1`, msg.Subject()) // ok: the sequence claimed
			tx.Commit()
			msg.Ack()
		}
	}
}

// The iterator of a pull consumer, one message at a time.
func (l *Ledger) Iterate(ctx context.Context, cons jetstream.Consumer) error {
	it, err := cons.Messages()
	if err != nil {
		return err
	}
	defer it.Stop()
	for {
		msg, err := it.Next()
		if err != nil {
			return err
		}
		l.DB.ExecContext(ctx, `INSERT INTO receipts (body) VALUES ($1)`, msg.Data()) // want `jetstream message handler repeats this insert into receipts`
		msg.Ack()
	}
}

// The legacy pull subscription of nats.go.
func (l *Ledger) PullLegacy(ctx context.Context, sub *nats.Subscription) error {
	for {
		msgs, err := sub.Fetch(10)
		if err != nil {
			return err
		}
		for _, m := range msgs {
			l.DB.ExecContext(ctx, `UPDATE balances SET amount = amount - 1 WHERE account = $1`, m.Subject) // want `jetstream message handler repeats this relative update of balances.amount`
			m.Ack()
		}
	}
}

// An absolute write per message: the redelivery writes the same.
func (l *Ledger) PullAbsolute(ctx context.Context, cons jetstream.Consumer) error {
	msg, err := cons.Next()
	if err != nil {
		return err
	}
	l.DB.ExecContext(ctx, `UPDATE accounts SET status = 'active' WHERE id = $1`, msg.Subject()) // ok: absolute
	return msg.Ack()
}
