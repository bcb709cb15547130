// Package grpc_retry is a stand-in for
// github.com/grpc-ecosystem/go-grpc-middleware/retry (v1).
package grpc_retry

import (
	"context"

	"google.golang.org/grpc"
)

type CallOption struct {
	grpc.CallOption
	applyFunc func()
}

func WithMax(maxRetries uint) CallOption { return CallOption{} }

func Disable() CallOption { return WithMax(0) }

func UnaryClientInterceptor(optFuncs ...CallOption) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		return invoker(ctx, method, req, reply, cc, opts...)
	}
}
