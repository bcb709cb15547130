// Package resty is a stand-in for github.com/go-resty/resty/v2.
package resty

import (
	"context"
	"net/http"
	"time"
)

type Response struct {
	RawResponse *http.Response
}

func (r *Response) StatusCode() int { return 0 }

type Client struct {
	BaseURL    string
	Header     http.Header
	RetryCount int
}

type RetryConditionFunc func(*Response, error) bool

func New() *Client                          { return &Client{Header: http.Header{}} }
func NewWithClient(hc *http.Client) *Client { return New() }

func (c *Client) R() *Request                                    { return &Request{client: c, Header: http.Header{}} }
func (c *Client) NewRequest() *Request                           { return c.R() }
func (c *Client) SetBaseURL(url string) *Client                  { return c }
func (c *Client) SetHeader(header, value string) *Client         { return c }
func (c *Client) SetHeaders(headers map[string]string) *Client   { return c }
func (c *Client) SetRetryCount(count int) *Client                { c.RetryCount = count; return c }
func (c *Client) SetRetryWaitTime(d time.Duration) *Client       { return c }
func (c *Client) SetRetryMaxWaitTime(d time.Duration) *Client    { return c }
func (c *Client) SetTimeout(d time.Duration) *Client             { return c }
func (c *Client) AddRetryCondition(f RetryConditionFunc) *Client { return c }

type Request struct {
	URL    string
	Method string
	Header http.Header
	client *Client
}

func (r *Request) SetContext(ctx context.Context) *Request         { return r }
func (r *Request) SetHeader(header, value string) *Request         { return r }
func (r *Request) SetHeaders(headers map[string]string) *Request   { return r }
func (r *Request) SetHeaderVerbatim(header, value string) *Request { return r }
func (r *Request) SetBody(body interface{}) *Request               { return r }
func (r *Request) SetResult(res interface{}) *Request              { return r }
func (r *Request) SetAuthToken(token string) *Request              { return r }
func (r *Request) Get(url string) (*Response, error)               { return nil, nil }
func (r *Request) Head(url string) (*Response, error)              { return nil, nil }
func (r *Request) Post(url string) (*Response, error)              { return nil, nil }
func (r *Request) Put(url string) (*Response, error)               { return nil, nil }
func (r *Request) Patch(url string) (*Response, error)             { return nil, nil }
func (r *Request) Delete(url string) (*Response, error)            { return nil, nil }
func (r *Request) Options(url string) (*Response, error)           { return nil, nil }
func (r *Request) Execute(method, url string) (*Response, error)   { return nil, nil }
func (r *Request) Send() (*Response, error)                        { return nil, nil }
