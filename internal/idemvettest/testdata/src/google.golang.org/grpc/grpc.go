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

// DialOption configures a connection.
type DialOption interface{ apply() }

type dialOption struct{}

func (dialOption) apply() {}

type UnaryInvoker func(ctx context.Context, method string, req, reply any, cc *ClientConn, opts ...CallOption) error

type UnaryClientInterceptor func(ctx context.Context, method string, req, reply any, cc *ClientConn, invoker UnaryInvoker, opts ...CallOption) error

func WithUnaryInterceptor(f UnaryClientInterceptor) DialOption          { return dialOption{} }
func WithChainUnaryInterceptor(fs ...UnaryClientInterceptor) DialOption { return dialOption{} }
func WithDefaultServiceConfig(s string) DialOption                      { return dialOption{} }
func WithBlock() DialOption                                             { return dialOption{} }
func NewClient(target string, opts ...DialOption) (*ClientConn, error)  { return &ClientConn{}, nil }
func Dial(target string, opts ...DialOption) (*ClientConn, error)       { return &ClientConn{}, nil }
func DialContext(ctx context.Context, target string, opts ...DialOption) (*ClientConn, error) {
	return &ClientConn{}, nil
}
