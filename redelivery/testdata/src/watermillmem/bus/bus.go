// Package bus runs the application's events on watermill's in-process
// gochannel: a message is lost with the process, never redelivered after
// a crash; a failed handler is retried by the router's middleware.
package bus

import (
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
)

type Listener interface {
	Handle(msg *message.Message) error
}

var listeners = map[string][]Listener{}

func Register(topic string, l Listener) { listeners[topic] = append(listeners[topic], l) }

func Run(r *message.Router) {
	pubsub := gochannel.NewGoChannel(gochannel.Config{OutputChannelBuffer: 1024}, nil)
	for topic, ls := range listeners {
		for _, l := range ls {
			r.AddConsumerHandler(topic, topic, pubsub, l.Handle)
		}
	}
}
