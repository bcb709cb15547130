// Package kgo is a stand-in for github.com/twmb/franz-go/pkg/kgo.
package kgo

import "context"

type Record struct {
	Key       []byte
	Value     []byte
	Topic     string
	Partition int32
	Offset    int64
}

type Fetches []Fetch

type Fetch struct{ records []*Record }

func (fs Fetches) EachRecord(fn func(*Record)) {}

func (fs Fetches) Records() []*Record { return nil }

func (fs Fetches) Err() error { return nil }

type Opt interface{ apply() }

type Client struct{}

func NewClient(opts ...Opt) (*Client, error) { return &Client{}, nil }

func ConsumeTopics(topics ...string) Opt { return nil }

func (cl *Client) PollFetches(ctx context.Context) Fetches { return nil }

func (cl *Client) PollRecords(ctx context.Context, maxPollRecords int) Fetches { return nil }

func (cl *Client) CommitRecords(ctx context.Context, rs ...*Record) error { return nil }

func (cl *Client) Close() {}
