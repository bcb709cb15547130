// Package retryablehttp is a stand-in for github.com/hashicorp/go-retryablehttp.
package retryablehttp

import (
	"context"
	"net/http"
	"net/url"
)

type Request struct {
	*http.Request
}

func (r *Request) WithContext(ctx context.Context) *Request { return r }

func NewRequest(method, url string, rawBody interface{}) (*Request, error) { return nil, nil }

func NewRequestWithContext(ctx context.Context, method, url string, rawBody interface{}) (*Request, error) {
	return nil, nil
}

func FromRequest(r *http.Request) (*Request, error) { return &Request{r}, nil }

type CheckRetry func(ctx context.Context, resp *http.Response, err error) (bool, error)

type Logger interface {
	Printf(string, ...interface{})
}

type Client struct {
	HTTPClient *http.Client
	Logger     interface{}
	RetryMax   int
	CheckRetry CheckRetry
}

func NewClient() *Client { return &Client{RetryMax: 4} }

func (c *Client) Do(req *Request) (*http.Response, error) { return nil, nil }
func (c *Client) Get(url string) (*http.Response, error)  { return nil, nil }
func (c *Client) Head(url string) (*http.Response, error) { return nil, nil }
func (c *Client) Post(url, bodyType string, body interface{}) (*http.Response, error) {
	return nil, nil
}
func (c *Client) PostForm(url string, data url.Values) (*http.Response, error) { return nil, nil }
func (c *Client) StandardClient() *http.Client                                 { return &http.Client{} }

func DefaultRetryPolicy(ctx context.Context, resp *http.Response, err error) (bool, error) {
	return err != nil, nil
}
