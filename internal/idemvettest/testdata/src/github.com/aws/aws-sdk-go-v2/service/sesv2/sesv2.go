// Package sesv2 is a stand-in for github.com/aws/aws-sdk-go-v2/service/sesv2.
package sesv2

import "context"

type Options struct{ Region string }

type Client struct{ options Options }

func New(o Options) *Client { return &Client{options: o} }

type SendEmailInput struct {
	FromEmailAddress *string
	Destination      *Destination
}
type Destination struct{ ToAddresses []string }
type SendEmailOutput struct{ MessageId *string }

func (c *Client) SendEmail(ctx context.Context, params *SendEmailInput, optFns ...func(*Options)) (*SendEmailOutput, error) {
	return &SendEmailOutput{}, nil
}
