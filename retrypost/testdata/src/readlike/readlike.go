// Package readlike retries POSTs that only read or authenticate, which
// many APIs expose as POST, next to ones that create.
package readlike

import (
	"bytes"
	"errors"
	"net/http"
	"time"
)

type Client struct{ HTTP *http.Client }

func (c *Client) post(url string, body []byte) error {
	resp, err := c.HTTP.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func retry(fn func() error) error {
	for i := 0; i < 3; i++ {
		if err := fn(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

func (c *Client) FetchToken() error {
	return retry(func() error {
		return c.post("https://auth.example.com/oauth/token", nil) // ok: an OAuth token request
	})
}

func (c *Client) ValidateLicense(key string) error {
	return retry(func() error {
		return c.post("https://licensing.example.com/v1/licenses", []byte(key)) // ok: a validation
	})
}

func (c *Client) Search(q []byte) error {
	return retry(func() error {
		return c.post("https://api.example.com/graphql", q) // ok: a GraphQL query
	})
}

func (c *Client) createOrUpdateSecret(v []byte) error {
	return c.post("https://vault.example.com/v1/secret/kv", v)
}

func (c *Client) RotateSecret(v []byte) error {
	return retry(func() error {
		return c.createOrUpdateSecret(v) // ok: an upsert of the same value
	})
}

func (c *Client) ValidateAndCharge(body []byte) error {
	return retry(func() error {
		return c.post("https://api.example.com/v1/charges", body) // want `POST to https://api.example.com/v1/charges \(readlike.Client.post\) is retried by readlike.retry`
	})
}

func (c *Client) Notify(body []byte) error {
	return retry(func() error {
		return c.post("https://hooks.example.com/status", body) // want `POST to https://hooks.example.com/status`
	})
}
