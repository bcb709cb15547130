// Package sendgrid is a stand-in for github.com/sendgrid/sendgrid-go.
package sendgrid

import (
	"context"

	"github.com/sendgrid/sendgrid-go/helpers/mail"
)

type Response struct{ StatusCode int }

type Client struct{ key string }

func NewSendClient(key string) *Client { return &Client{key} }

func (cl *Client) Send(email *mail.SGMailV3) (*Response, error) { return &Response{}, nil }

func (cl *Client) SendWithContext(ctx context.Context, email *mail.SGMailV3) (*Response, error) {
	return &Response{}, nil
}
