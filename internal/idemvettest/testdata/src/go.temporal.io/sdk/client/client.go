// Package client is a stand-in for go.temporal.io/sdk/client.
package client

type Client interface{ Close() }

type Options struct{ HostPort, Namespace string }

func Dial(options Options) (Client, error) { return nil, nil }
