package brokers

import (
	"context"

	"cloud.google.com/go/pubsub"
	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// Pub/Sub: Receive's callback.
func (l *Ledger) Receive(ctx context.Context, sub *pubsub.Subscription) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		l.DB.ExecContext(ctx, `INSERT INTO exports (payload) VALUES ($1)`, m.Data) // want `pubsub message handler repeats this insert into exports when the message is delivered again; claim the message ID first`
		m.Ack()
	})
}

// Claimed on the message ID.
func (l *Ledger) OnExport(ctx context.Context, m *pubsub.Message) {
	tx, _ := l.DB.BeginTx(ctx, nil)
	defer tx.Rollback()
	if first, _ := l.claim(ctx, tx, m.ID); !first {
		m.Ack()
		return
	}
	tx.ExecContext(ctx, `INSERT INTO exports (payload) VALUES ($1)`, m.Data) // ok: claimed on m.ID
	tx.Commit()
	m.Ack()
}

// SQS: a ReceiveMessage loop.
func (l *Ledger) Poll(ctx context.Context, c *sqs.Client, url string) {
	for {
		out, err := c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &url})
		if err != nil {
			return
		}
		for _, m := range out.Messages {
			tx, _ := l.DB.BeginTx(ctx, nil)
			if first, _ := l.claim(ctx, tx, *m.MessageId); first {
				tx.ExecContext(ctx, `UPDATE balances SET amount = amount + 1 WHERE account = $1`, *m.Body) // ok: claimed on MessageId
				tx.Commit()
			} else {
				tx.Rollback()
			}
			c.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: &url, ReceiptHandle: m.ReceiptHandle})
		}
	}
}

func (l *Ledger) PollUnclaimed(ctx context.Context, c *sqs.Client, url string) {
	for {
		out, err := c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &url})
		if err != nil {
			return
		}
		for _, m := range out.Messages {
			l.DB.ExecContext(ctx, `UPDATE balances SET amount = amount + 1 WHERE account = $1`, *m.Body) // want `sqs message handler repeats this relative update of balances.amount`
		}
	}
}

// Lambda, triggered by SQS.
func (l *Ledger) Handle(ctx context.Context, ev events.SQSEvent) error {
	for _, rec := range ev.Records {
		l.DB.ExecContext(ctx, `INSERT INTO orders (body) VALUES ($1)`, rec.Body) // want `lambda message handler repeats this insert into orders .*claim the message's MessageId first`
	}
	return nil
}

func (l *Ledger) HandleOnce(ctx context.Context, ev events.SQSEvent) error {
	for _, rec := range ev.Records {
		tx, _ := l.DB.BeginTx(ctx, nil)
		if first, _ := l.claim(ctx, tx, rec.MessageId); first {
			tx.ExecContext(ctx, `INSERT INTO orders (body) VALUES ($1)`, rec.Body) // ok: claimed on MessageId
			tx.Commit()
		} else {
			tx.Rollback()
		}
	}
	return nil
}
