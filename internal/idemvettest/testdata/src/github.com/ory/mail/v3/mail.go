// Package mail is a stand-in for github.com/ory/mail/v3, ory's fork of
// gomail whose calls take a context.
package mail

import (
	"context"
	"io"
)

type Message struct{}

func NewMessage() *Message                                 { return &Message{} }
func (m *Message) SetHeader(field string, value ...string) {}

type Dialer struct{ Host string }

func NewDialer(host string, port int, username, password string) *Dialer { return &Dialer{Host: host} }

type Sender interface {
	Send(ctx context.Context, from string, to []string, msg io.WriterTo) error
}

type SendCloser interface {
	Sender
	Close() error
}

func (d *Dialer) Dial(ctx context.Context) (SendCloser, error)         { return nil, nil }
func (d *Dialer) DialAndSend(ctx context.Context, m ...*Message) error { return nil }
func Send(ctx context.Context, s Sender, msg ...*Message) error        { return nil }
