// Package pulsar is a stand-in for
// github.com/apache/pulsar-client-go/pulsar.
package pulsar

import "context"

type MessageID interface {
	Serialize() []byte
	String() string
}

type Message interface {
	Topic() string
	Payload() []byte
	ID() MessageID
	Key() string
	RedeliveryCount() uint32
}

type Consumer interface {
	Receive(ctx context.Context) (Message, error)
	Ack(msg Message) error
	Nack(msg Message)
	Close()
}

type ConsumerOptions struct {
	Topic            string
	SubscriptionName string
}

type ClientOptions struct{ URL string }

type Client interface {
	Subscribe(options ConsumerOptions) (Consumer, error)
	Close()
}

func NewClient(options ClientOptions) (Client, error) { return nil, nil }
