// Package svix is a stand-in for github.com/svix/svix-webhooks/go.
package svix

import "net/http"

type Webhook struct{ key []byte }

func NewWebhook(secret string) (*Webhook, error)                     { return &Webhook{}, nil }
func (wh *Webhook) Verify(payload []byte, headers http.Header) error { return nil }
