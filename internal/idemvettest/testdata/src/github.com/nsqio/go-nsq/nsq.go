// Package nsq is a stand-in for github.com/nsqio/go-nsq.
package nsq

type MessageID [16]byte

type Message struct {
	ID        MessageID
	Body      []byte
	Timestamp int64
	Attempts  uint16
}

func (m *Message) Finish()              {}
func (m *Message) Requeue(delay int64)  {}
func (m *Message) DisableAutoResponse() {}

type Handler interface {
	HandleMessage(message *Message) error
}

type HandlerFunc func(message *Message) error

func (h HandlerFunc) HandleMessage(m *Message) error { return h(m) }

type Config struct{ MaxInFlight int }

func NewConfig() *Config { return &Config{} }

type Consumer struct{}

func NewConsumer(topic string, channel string, config *Config) (*Consumer, error) {
	return &Consumer{}, nil
}

func (r *Consumer) AddHandler(handler Handler)                             {}
func (r *Consumer) AddConcurrentHandlers(handler Handler, concurrency int) {}
func (r *Consumer) ConnectToNSQLookupd(addr string) error                  { return nil }
