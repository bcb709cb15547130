// Package message is a stand-in for
// github.com/ThreeDotsLabs/watermill/message.
package message

import "context"

type Payload []byte

type Metadata map[string]string

func (m Metadata) Get(key string) string { return m[key] }

type Message struct {
	UUID     string
	Metadata Metadata
	Payload  Payload
	ctx      context.Context
}

func NewMessage(uuid string, payload Payload) *Message {
	return &Message{UUID: uuid, Metadata: Metadata{}, Payload: payload}
}

func (m *Message) Ack() bool                      { return true }
func (m *Message) Nack() bool                     { return true }
func (m *Message) Context() context.Context       { return m.ctx }
func (m *Message) SetContext(ctx context.Context) { m.ctx = ctx }

type HandlerFunc func(msg *Message) ([]*Message, error)

type NoPublishHandlerFunc func(msg *Message) error

type HandlerMiddleware func(h HandlerFunc) HandlerFunc

type Publisher interface {
	Publish(topic string, messages ...*Message) error
	Close() error
}

type Subscriber interface {
	Subscribe(ctx context.Context, topic string) (<-chan *Message, error)
	Close() error
}

type Handler struct{ name string }

func (h *Handler) AddMiddleware(m ...HandlerMiddleware) {}

type Router struct{}

type RouterConfig struct{}

func NewRouter(config RouterConfig, logger interface{}) (*Router, error) { return &Router{}, nil }

func (r *Router) AddHandler(handlerName string, subscribeTopic string, subscriber Subscriber, publishTopic string, publisher Publisher, handlerFunc HandlerFunc) *Handler {
	return &Handler{name: handlerName}
}

func (r *Router) AddNoPublisherHandler(handlerName string, subscribeTopic string, subscriber Subscriber, handlerFunc NoPublishHandlerFunc) *Handler {
	return &Handler{name: handlerName}
}

func (r *Router) AddConsumerHandler(handlerName string, subscribeTopic string, subscriber Subscriber, handlerFunc NoPublishHandlerFunc) *Handler {
	return &Handler{name: handlerName}
}

func (r *Router) AddMiddleware(m ...HandlerMiddleware) {}

func (r *Router) Run(ctx context.Context) error { return nil }
