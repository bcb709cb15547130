// Package jetstream is a stand-in for github.com/nats-io/nats.go/jetstream.
package jetstream

import "github.com/nats-io/nats.go"

type SequencePair struct {
	Consumer uint64
	Stream   uint64
}

type MsgMetadata struct {
	Sequence     SequencePair
	NumDelivered uint64
	Stream       string
}

type Msg interface {
	Metadata() (*MsgMetadata, error)
	Data() []byte
	Headers() nats.Header
	Subject() string
	Ack() error
	Nak() error
}

type MessageHandler func(msg Msg)

type ConsumeContext interface{ Stop() }

type Consumer interface {
	Consume(handler MessageHandler) (ConsumeContext, error)
}
