// Package httpx builds clients; the facts say which retry.
package httpx

import (
	"net/http"

	"github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-retryablehttp"
)

func NewRetrying() *retryablehttp.Client { // want NewRetrying:"retryablehttp client retrying 4 times \\(default\\)"
	c := retryablehttp.NewClient()
	c.Logger = nil
	return c
}

func NewSingleShot() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = 0
	return c
}

func NewResty() *resty.Client { // want NewResty:"resty client retrying 3 times"
	return resty.New().SetBaseURL("https://api.example.com").SetRetryCount(3)
}

func NewStandard() *http.Client { // want NewStandard:"retryablehttp client retrying 2 times"
	c := retryablehttp.NewClient()
	c.RetryMax = 2
	return c.StandardClient()
}

type Sender struct {
	Retrying *retryablehttp.Client // want Retrying:"retryablehttp client retrying 4 times \\(default\\)"
	Plain    *retryablehttp.Client
}

func NewSender(plain *retryablehttp.Client) *Sender {
	return &Sender{Retrying: NewRetrying(), Plain: plain}
}
