package brokers

import (
	"fmt"

	"github.com/IBM/sarama"
)

type Points struct{ L *Ledger }

func (Points) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (Points) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim counts each message of the claim.
func (p Points) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		p.L.DB.Exec(`UPDATE points SET total = total + 1 WHERE member = $1`, string(msg.Key)) // want `sarama message handler repeats this relative update of points.total when the message is delivered again; claim the message's topic, partition and offset first`
		sess.MarkMessage(msg, "")
	}
	return nil
}

type PointsOnce struct{ L *Ledger }

func (PointsOnce) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (PointsOnce) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// The partition and offset name the message: claimed with the count.
func (p PointsOnce) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	ctx := sess.Context()
	for msg := range claim.Messages() {
		tx, err := p.L.DB.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		first, err := p.L.claim(ctx, tx, fmt.Sprintf("%s/%d/%d", msg.Topic, msg.Partition, msg.Offset))
		if err == nil && first {
			tx.ExecContext(ctx, `UPDATE points SET total = total + 1 WHERE member = $1`, string(msg.Key)) // ok: the offset claimed in the transaction
			tx.Commit()
		} else {
			tx.Rollback()
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}
