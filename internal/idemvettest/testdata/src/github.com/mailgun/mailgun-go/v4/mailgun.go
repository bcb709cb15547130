// Package mailgun is a stand-in for github.com/mailgun/mailgun-go/v4.
package mailgun

import "context"

type Message struct{}

type Mailgun interface {
	NewMessage(from, subject, text string, to ...string) *Message
	Send(ctx context.Context, m *Message) (mes string, id string, err error)
}

type MailgunImpl struct{ domain string }

func NewMailgun(domain, apiKey string) *MailgunImpl { return &MailgunImpl{domain: domain} }

func (mg *MailgunImpl) NewMessage(from, subject, text string, to ...string) *Message {
	return &Message{}
}
func (mg *MailgunImpl) Send(ctx context.Context, m *Message) (string, string, error) {
	return "", "", nil
}
