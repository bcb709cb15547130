// Package resend is a stand-in for github.com/resend/resend-go/v2.
package resend

import "context"

type SendEmailRequest struct {
	From    string
	To      []string
	Subject string
	Html    string
}

type SendEmailOptions struct {
	IdempotencyKey string
}

type SendEmailResponse struct{ Id string }

type EmailsSvc interface {
	Send(params *SendEmailRequest) (*SendEmailResponse, error)
	SendWithContext(ctx context.Context, params *SendEmailRequest) (*SendEmailResponse, error)
	SendWithOptions(ctx context.Context, params *SendEmailRequest, options *SendEmailOptions) (*SendEmailResponse, error)
}

type Client struct{ Emails EmailsSvc }

func NewClient(apiKey string) *Client { return &Client{} }
