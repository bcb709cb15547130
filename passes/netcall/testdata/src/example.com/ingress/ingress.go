// Package ingress is a workflow engine's ingress client in the shape of
// a durable-execution SDK's: generated clients hand out a generic
// Requester whose Send posts the invocation over HTTP.
package ingress

import (
	"context"
	"net/http"
	"strings"
)

type Client struct {
	base string
	hc   *http.Client
}

func (c *Client) send(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path+"/send", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Requester invokes one handler.
type Requester[I any, O any] interface {
	Send(ctx context.Context, input I) error
}

type requester[I any, O any] struct {
	client *Client
	path   string
}

func NewRequester[I any, O any](c *Client, service, handler string) Requester[I, O] {
	return requester[I, O]{client: c, path: "/" + service + "/" + handler}
}

func (r requester[I, O]) Send(ctx context.Context, input I) error {
	return r.client.send(ctx, r.path)
}
