// Package retry is a stand-in for
// github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry.
package retry

import (
	"context"
	"time"

	"google.golang.org/grpc"
)

type options struct{ max uint }

// CallOption is both a grpc.CallOption and an option of the interceptor.
type CallOption struct {
	grpc.CallOption
	applyFunc func(*options)
}

type BackoffFunc func(ctx context.Context, attempt uint) time.Duration

func WithMax(maxRetries uint) CallOption {
	return CallOption{applyFunc: func(o *options) { o.max = maxRetries }}
}

func Disable() CallOption { return WithMax(0) }

func WithBackoff(bf BackoffFunc) CallOption { return CallOption{} }

func BackoffLinear(d time.Duration) BackoffFunc { return nil }

func UnaryClientInterceptor(optFuncs ...CallOption) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		return invoker(ctx, method, req, reply, cc, opts...)
	}
}
