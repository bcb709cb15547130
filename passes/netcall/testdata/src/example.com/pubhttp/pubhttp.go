// Package pubhttp is the HTTP implementation of provider's generic
// Publisher, which callers of provider do not import.
package pubhttp

import (
	"context"
	"net/http"
)

type Publisher[M any] struct {
	c   *http.Client
	url string
}

func New[M any](c *http.Client, url string) *Publisher[M] {
	return &Publisher[M]{c: c, url: url}
}

func (p *Publisher[M]) Publish(ctx context.Context, m M) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.url, nil)
	if err != nil {
		return err
	}
	_, err = p.c.Do(req)
	return err
}
