// Package connect is a stand-in for connectrpc.com/connect.
package connect

import (
	"context"
	"net/http"
)

type HTTPClient interface {
	Do(*http.Request) (*http.Response, error)
}

type ClientOption interface{}

type Request[T any] struct {
	Msg *T
}

func NewRequest[T any](message *T) *Request[T] { return &Request[T]{Msg: message} }

func (r *Request[T]) Header() http.Header { return http.Header{} }

type Response[T any] struct {
	Msg *T
}

type ServerStreamForClient[Res any] struct{}

func (s *ServerStreamForClient[Res]) Receive() bool { return false }
func (s *ServerStreamForClient[Res]) Msg() *Res     { return nil }
func (s *ServerStreamForClient[Res]) Close() error  { return nil }

type ClientStreamForClient[Req, Res any] struct{}

func (s *ClientStreamForClient[Req, Res]) Send(*Req) error { return nil }
func (s *ClientStreamForClient[Req, Res]) CloseAndReceive() (*Response[Res], error) {
	return nil, nil
}

type BidiStreamForClient[Req, Res any] struct{}

func (s *BidiStreamForClient[Req, Res]) Send(*Req) error { return nil }

type Client[Req, Res any] struct {
	url string
}

func NewClient[Req, Res any](httpClient HTTPClient, url string, options ...ClientOption) *Client[Req, Res] {
	return &Client[Req, Res]{url: url}
}

func (c *Client[Req, Res]) CallUnary(ctx context.Context, request *Request[Req]) (*Response[Res], error) {
	return nil, nil
}

func (c *Client[Req, Res]) CallClientStream(ctx context.Context) *ClientStreamForClient[Req, Res] {
	return nil
}

func (c *Client[Req, Res]) CallServerStream(ctx context.Context, request *Request[Req]) (*ServerStreamForClient[Res], error) {
	return nil, nil
}

func (c *Client[Req, Res]) CallBidiStream(ctx context.Context) *BidiStreamForClient[Req, Res] {
	return nil
}

type Code uint32

const CodeNotFound Code = 5

func CodeOf(err error) Code { return 0 }

const CodeUnimplemented Code = 12

type Error struct {
	code Code
	err  error
}

func (e *Error) Error() string { return e.err.Error() }

func NewError(c Code, underlying error) *Error { return &Error{code: c, err: underlying} }

func NewResponse[T any](message *T) *Response[T] { return &Response[T]{Msg: message} }
