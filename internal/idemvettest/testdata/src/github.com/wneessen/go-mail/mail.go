// Package mail is a stand-in for github.com/wneessen/go-mail.
package mail

import "context"

type Msg struct{}

func NewMsg() *Msg                        { return &Msg{} }
func (m *Msg) From(addr string) error     { return nil }
func (m *Msg) To(addr ...string) error    { return nil }
func (m *Msg) Subject(s string)           {}
func (m *Msg) SetBodyString(ct, b string) {}
func (m *Msg) WriteToSendmail() error     { return nil }

type Option func(*Client) error

type Client struct{ host string }

func NewClient(host string, opts ...Option) (*Client, error) { return &Client{host: host}, nil }

func WithPort(port int) Option { return func(*Client) error { return nil } }

func (c *Client) DialWithContext(ctx context.Context) error                   { return nil }
func (c *Client) DialAndSend(messages ...*Msg) error                          { return nil }
func (c *Client) DialAndSendWithContext(ctx context.Context, m ...*Msg) error { return nil }
func (c *Client) Send(messages ...*Msg) error                                 { return nil }
func (c *Client) Close() error                                                { return nil }
