// Package grpc is a stand-in for google.golang.org/grpc.
package grpc

import "context"

type CallOption interface{}

type StreamDesc struct{ StreamName string }

type ClientStream interface {
	SendMsg(m any) error
	RecvMsg(m any) error
}

type ClientConnInterface interface {
	Invoke(ctx context.Context, method string, args any, reply any, opts ...CallOption) error
	NewStream(ctx context.Context, desc *StreamDesc, method string, opts ...CallOption) (ClientStream, error)
}

type ClientConn struct{}

func (cc *ClientConn) Invoke(ctx context.Context, method string, args, reply any, opts ...CallOption) error {
	return nil
}

func (cc *ClientConn) NewStream(ctx context.Context, desc *StreamDesc, method string, opts ...CallOption) (ClientStream, error) {
	return nil, nil
}

func (cc *ClientConn) Close() error { return nil }

func NewClient(target string, opts ...any) (*ClientConn, error) { return &ClientConn{}, nil }
