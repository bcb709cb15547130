// Package consumers reads deposits from RabbitMQ, Kafka, NATS, SQS and
// Pub/Sub, and from SQS through Lambda.
package consumers

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"

	"cloud.google.com/go/pubsub"
	"github.com/IBM/sarama"
	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/segmentio/kafka-go"

	"github.com/idemvet/idemvet/testdata/e2edelivery/internal/store"
)

type Deposits struct{ DB *sql.DB }

func (d *Deposits) RabbitMQ(ch *amqp.Channel) error {
	msgs, err := ch.Consume("deposits", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for m := range msgs {
		store.Credit(context.Background(), d.DB, m.RoutingKey, 10) // HAZARD(redelivery)
		m.Ack(false)
	}
	return nil
}

func (d *Deposits) OnDelivery(m amqp.Delivery) error {
	ctx := context.Background()
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if first, err := store.Claim(ctx, tx, m.MessageId); err != nil || !first {
		return m.Ack(false)
	}
	store.Credit(ctx, tx, m.RoutingKey, 10)
	if err := tx.Commit(); err != nil {
		return err
	}
	return m.Ack(false)
}

func (d *Deposits) Kafka(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		store.Credit(ctx, d.DB, string(m.Key), 10) // HAZARD(redelivery)
		r.CommitMessages(ctx, m)
	}
}

type Group struct{ D *Deposits }

func (Group) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (Group) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (g Group) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	ctx := sess.Context()
	for msg := range claim.Messages() {
		tx, err := g.D.DB.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if first, _ := store.Claim(ctx, tx, fmt.Sprintf("%s/%d/%d", msg.Topic, msg.Partition, msg.Offset)); first {
			store.Credit(ctx, tx, string(msg.Key), 10) // SAFE(redelivery): topic/partition/offset claimed in the transaction
			tx.Commit()
		} else {
			tx.Rollback()
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func (d *Deposits) NATS(nc *nats.Conn) {
	nc.Subscribe("deposits", func(m *nats.Msg) {
		store.Credit(context.Background(), d.DB, m.Subject, 10) // HAZARD(redelivery)
	})
}

func (d *Deposits) JetStream(cons jetstream.Consumer) {
	cons.Consume(func(msg jetstream.Msg) {
		meta, err := msg.Metadata()
		if err != nil {
			return
		}
		ctx := context.Background()
		tx, _ := d.DB.BeginTx(ctx, nil)
		defer tx.Rollback()
		if first, _ := store.Claim(ctx, tx, strconv.FormatUint(meta.Sequence.Stream, 10)); !first {
			msg.Ack()
			return
		}
		store.Credit(ctx, tx, msg.Subject(), 10) // SAFE(redelivery): the stream sequence claimed in the transaction
		tx.Commit()
		msg.Ack()
	})
}

func (d *Deposits) SQS(ctx context.Context, c *sqs.Client, url string) {
	for {
		out, err := c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &url})
		if err != nil {
			return
		}
		for _, m := range out.Messages {
			store.Credit(ctx, d.DB, *m.Body, 10) // HAZARD(redelivery)
			c.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: &url, ReceiptHandle: m.ReceiptHandle})
		}
	}
}

func (d *Deposits) PubSub(ctx context.Context, sub *pubsub.Subscription) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		store.Credit(ctx, d.DB, m.Attributes["customer"], 10) // HAZARD(redelivery)
		m.Ack()
	})
}

func (d *Deposits) PubSubOnce(ctx context.Context, m *pubsub.Message) {
	tx, _ := d.DB.BeginTx(ctx, nil)
	defer tx.Rollback()
	if first, _ := store.Claim(ctx, tx, m.ID); !first {
		m.Ack()
		return
	}
	store.Credit(ctx, tx, m.Attributes["customer"], 10) // SAFE(redelivery): the message ID claimed in the transaction
	tx.Commit()
	m.Ack()
}

func (d *Deposits) Lambda(ctx context.Context, ev events.SQSEvent) error {
	for _, rec := range ev.Records {
		tx, err := d.DB.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if first, _ := store.Claim(ctx, tx, rec.MessageId); first {
			store.Credit(ctx, tx, rec.Body, 10) // SAFE(redelivery): the MessageId claimed in the transaction
			tx.Commit()
		} else {
			tx.Rollback()
		}
	}
	return nil
}

// Unclaimed is a sarama handler crediting every message it is given.
type Unclaimed struct{ D *Deposits }

func (Unclaimed) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (Unclaimed) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (u Unclaimed) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		store.Credit(sess.Context(), u.D.DB, string(msg.Key), 10) // HAZARD(redelivery)
		sess.MarkMessage(msg, "")
	}
	return nil
}

// JetStreamPush credits on a JetStream push callback, unclaimed.
func (d *Deposits) JetStreamPush(cons jetstream.Consumer) {
	cons.Consume(func(msg jetstream.Msg) {
		store.Credit(context.Background(), d.DB, msg.Subject(), 10) // HAZARD(redelivery)
		msg.Ack()
	})
}

// JetStreamPull fetches batches, unclaimed.
func (d *Deposits) JetStreamPull(ctx context.Context, cons jetstream.Consumer) error {
	for {
		batch, err := cons.Fetch(10)
		if err != nil {
			return err
		}
		for msg := range batch.Messages() {
			store.Credit(ctx, d.DB, msg.Subject(), 10) // HAZARD(redelivery)
			msg.Ack()
		}
	}
}

// KafkaRead reads with ReadMessage, which commits as it reads; the
// insert is keyed by the message's offset, so a redelivery conflicts.
func (d *Deposits) KafkaRead(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		d.DB.ExecContext(ctx, `INSERT INTO deposits (topic, part, off, customer) VALUES ($1, $2, $3, $4) ON CONFLICT (topic, part, off) DO NOTHING`, m.Topic, m.Partition, m.Offset, string(m.Key)) // SAFE(redelivery): keyed by the message's offset
	}
}

// NATSQueue credits from a queue group, unclaimed.
func (d *Deposits) NATSQueue(nc *nats.Conn) {
	nc.QueueSubscribe("deposits", "workers", func(m *nats.Msg) {
		store.Credit(context.Background(), d.DB, m.Subject, 10) // HAZARD(redelivery)
	})
}

// LambdaUnclaimed credits every record of the batch.
func (d *Deposits) LambdaUnclaimed(ctx context.Context, ev events.SQSEvent) error {
	for _, rec := range ev.Records {
		if err := store.Credit(ctx, d.DB, rec.Body, 10); err != nil { // HAZARD(redelivery)
			return err
		}
	}
	return nil
}
