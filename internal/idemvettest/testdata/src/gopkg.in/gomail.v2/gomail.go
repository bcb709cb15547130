// Package gomail is a stand-in for gopkg.in/gomail.v2.
package gomail

import "io"

type Message struct{ header map[string][]string }

func NewMessage() *Message { return &Message{header: map[string][]string{}} }

func (m *Message) SetHeader(field string, value ...string) { m.header[field] = value }
func (m *Message) SetBody(contentType, body string)        {}

type Dialer struct {
	Host     string
	Port     int
	Username string
	Password string
}

func NewDialer(host string, port int, username, password string) *Dialer {
	return &Dialer{Host: host, Port: port, Username: username, Password: password}
}

type Sender interface {
	Send(from string, to []string, msg io.WriterTo) error
}

type SendCloser interface {
	Sender
	Close() error
}

func (d *Dialer) Dial() (SendCloser, error) { return nil, nil }

func (d *Dialer) DialAndSend(m ...*Message) error { return nil }

func Send(s Sender, msg ...*Message) error { return nil }
