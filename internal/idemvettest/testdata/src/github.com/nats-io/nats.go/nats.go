// Package nats is a stand-in for github.com/nats-io/nats.go.
package nats

import "time"

type Header map[string][]string

func (h Header) Get(key string) string {
	if v := h[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

type Msg struct {
	Subject string
	Header  Header
	Data    []byte
}

func (m *Msg) Ack() error { return nil }

type MsgHandler func(msg *Msg)

type Subscription struct{}

type Conn struct{}

func Connect(url string) (*Conn, error)                 { return &Conn{}, nil }
func (nc *Conn) Publish(subj string, data []byte) error { return nil }
func (nc *Conn) PublishMsg(m *Msg) error                { return nil }
func (nc *Conn) Request(subj string, data []byte, timeout time.Duration) (*Msg, error) {
	return nil, nil
}
func (nc *Conn) Subscribe(subj string, cb MsgHandler) (*Subscription, error) { return nil, nil }
func (nc *Conn) QueueSubscribe(subj, queue string, cb MsgHandler) (*Subscription, error) {
	return nil, nil
}
func (nc *Conn) Close() {}

// PullOpt configures a pull subscription's fetch.
type PullOpt interface{}

// Fetch pulls a batch of a JetStream pull subscription.
func (sub *Subscription) Fetch(batch int, opts ...PullOpt) ([]*Msg, error) { return nil, nil }
