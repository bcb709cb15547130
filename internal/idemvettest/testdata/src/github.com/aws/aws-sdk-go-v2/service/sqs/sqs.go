// Package sqs is a stand-in for github.com/aws/aws-sdk-go-v2/service/sqs.
package sqs

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

type Options struct{ Region string }

type Client struct{ options Options }

func New(o Options) *Client { return &Client{options: o} }

func (c *Client) Options() Options { return c.options }

type SendMessageInput struct {
	QueueUrl               *string
	MessageBody            *string
	MessageGroupId         *string
	MessageDeduplicationId *string
}
type SendMessageOutput struct{ MessageId *string }

type DeleteMessageInput struct{ QueueUrl, ReceiptHandle *string }
type DeleteMessageOutput struct{}

type ReceiveMessageInput struct{ QueueUrl *string }
type ReceiveMessageOutput struct{ Messages []types.Message }

func (c *Client) SendMessage(ctx context.Context, params *SendMessageInput, optFns ...func(*Options)) (*SendMessageOutput, error) {
	return &SendMessageOutput{}, nil
}

func (c *Client) DeleteMessage(ctx context.Context, params *DeleteMessageInput, optFns ...func(*Options)) (*DeleteMessageOutput, error) {
	return &DeleteMessageOutput{}, nil
}

func (c *Client) ReceiveMessage(ctx context.Context, params *ReceiveMessageInput, optFns ...func(*Options)) (*ReceiveMessageOutput, error) {
	return &ReceiveMessageOutput{}, nil
}
