package brokers

import (
	"context"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

// franz-go: a poll loop committing after the batch; a crash before the
// commit polls the same records again.
func (l *Ledger) PollDeposits(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			l.DB.ExecContext(ctx, `UPDATE balances SET amount = amount + 10 WHERE account = $1`, string(r.Key)) // want `franz-go message handler repeats this relative update of balances.amount when the message is delivered again; claim the record's topic, partition and offset first`
		})
		cl.CommitRecords(ctx, fetches.Records()...)
	}
}

// The record's offset claimed in the credit's transaction.
func (l *Ledger) PollDepositsOnce(ctx context.Context, cl *kgo.Client) {
	for {
		for _, r := range cl.PollRecords(ctx, 100).Records() {
			tx, err := l.DB.BeginTx(ctx, nil)
			if err != nil {
				return
			}
			if first, err := l.claim(ctx, tx, r.Topic+"/"+string(rune(r.Partition))+"/"+string(rune(r.Offset))); err != nil || !first {
				tx.Rollback()
				continue
			}
			tx.ExecContext(ctx, `UPDATE balances SET amount = amount + 10 WHERE account = $1`, string(r.Key)) // ok: claimed in the transaction
			tx.Commit()
		}
	}
}

// confluent-kafka-go: ReadMessage, committed after the insert.
func (l *Ledger) ReadWithdrawals(c *kafka.Consumer) {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		l.DB.Exec(`INSERT INTO withdrawals (account, body) VALUES ($1, $2)`, string(m.Key), m.Value) // want `confluent-kafka-go message handler repeats this insert into withdrawals when the message is delivered again`
		c.CommitMessage(m)
	}
}

// Keyed by the message's offset: a redelivery conflicts.
func (l *Ledger) ReadWithdrawalsKeyed(c *kafka.Consumer) {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		l.DB.Exec(`INSERT INTO withdrawals (kafka_offset, account, body) VALUES ($1, $2, $3) ON CONFLICT (kafka_offset) DO NOTHING`, int64(m.TopicPartition.Offset), string(m.Key), m.Value) // ok: keyed by the offset
		c.CommitMessage(m)
	}
}
