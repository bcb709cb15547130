// Package dialopts builds the dial options of the service's clients.
package dialopts

import (
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
)

const maxRetries = 5

// Options returns the options installing the retry interceptor, or none.
func Options(enabled bool) []grpc.DialOption {
	if !enabled {
		return nil
	}
	opts := []retry.CallOption{retry.WithMax(maxRetries)}
	return []grpc.DialOption{grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor(opts...))}
}

// Plain returns options without retries.
func Plain() []grpc.DialOption {
	return []grpc.DialOption{grpc.WithBlock()}
}
