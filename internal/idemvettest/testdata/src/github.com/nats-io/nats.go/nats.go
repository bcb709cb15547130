// Package nats is a stand-in for github.com/nats-io/nats.go.
package nats

import "time"

type Msg struct {
	Subject string
	Data    []byte
}

type Conn struct{}

func Connect(url string) (*Conn, error)                 { return &Conn{}, nil }
func (nc *Conn) Publish(subj string, data []byte) error { return nil }
func (nc *Conn) PublishMsg(m *Msg) error                { return nil }
func (nc *Conn) Request(subj string, data []byte, timeout time.Duration) (*Msg, error) {
	return nil, nil
}
func (nc *Conn) Close() {}
