// Package sarama is a stand-in for github.com/IBM/sarama.
package sarama

import "context"

type ConsumerMessage struct {
	Key, Value []byte
	Topic      string
	Partition  int32
	Offset     int64
}

type ConsumerGroupSession interface {
	MarkMessage(msg *ConsumerMessage, metadata string)
	Context() context.Context
}

type ConsumerGroupClaim interface {
	Topic() string
	Partition() int32
	Messages() <-chan *ConsumerMessage
}

type ConsumerGroupHandler interface {
	Setup(ConsumerGroupSession) error
	Cleanup(ConsumerGroupSession) error
	ConsumeClaim(ConsumerGroupSession, ConsumerGroupClaim) error
}
