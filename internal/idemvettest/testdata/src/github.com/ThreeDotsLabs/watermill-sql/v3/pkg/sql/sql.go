// Package sql is a stand-in for
// github.com/ThreeDotsLabs/watermill-sql/v3/pkg/sql, a durable watermill
// Pub/Sub on a database table.
package sql

import (
	"context"

	"github.com/ThreeDotsLabs/watermill/message"
)

type SubscriberConfig struct{ ConsumerGroup string }

type Subscriber struct{}

func NewSubscriber(db interface{}, config SubscriberConfig, logger interface{}) (*Subscriber, error) {
	return &Subscriber{}, nil
}

func (s *Subscriber) Subscribe(ctx context.Context, topic string) (<-chan *message.Message, error) {
	return nil, nil
}

func (s *Subscriber) Close() error { return nil }
