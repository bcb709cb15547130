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

type FetchOpt func() error

type MessageBatch interface {
	Messages() <-chan Msg
	Error() error
}

type MessagesContext interface {
	Next() (Msg, error)
	Stop()
}

type Consumer interface {
	Consume(handler MessageHandler) (ConsumeContext, error)
	Fetch(batch int, opts ...FetchOpt) (MessageBatch, error)
	FetchNoWait(batch int) (MessageBatch, error)
	Messages() (MessagesContext, error)
	Next(opts ...FetchOpt) (Msg, error)
}
