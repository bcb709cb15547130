// Package kafka is a stand-in for
// github.com/confluentinc/confluent-kafka-go/v2/kafka.
package kafka

import "time"

type Offset int64

type TopicPartition struct {
	Topic     *string
	Partition int32
	Offset    Offset
}

type Message struct {
	TopicPartition TopicPartition
	Value          []byte
	Key            []byte
}

type Event interface{ String() string }

func (m *Message) String() string { return "" }

type ConfigMap map[string]interface{}

type Consumer struct{}

func NewConsumer(conf *ConfigMap) (*Consumer, error) { return &Consumer{}, nil }

func (c *Consumer) SubscribeTopics(topics []string, rebalanceCb interface{}) error { return nil }

func (c *Consumer) ReadMessage(timeout time.Duration) (*Message, error) { return nil, nil }

func (c *Consumer) Poll(timeoutMs int) Event { return nil }

func (c *Consumer) CommitMessage(m *Message) error { return nil }

func (c *Consumer) Close() error { return nil }
