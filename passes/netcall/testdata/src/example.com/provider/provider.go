// Package provider is a client library; its facts tell callers what each
// function sends.
package provider

import (
	"bytes"
	"context"
	"net/http"

	"example.com/pubhttp"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"
	"google.golang.org/grpc"
)

type Client struct {
	base string
	http *http.Client
}

func (c *Client) newRequest(ctx context.Context, method, path string) (*http.Request, error) { // want newRequest:`returns r0 p2 \{base\}\{p3\} \[Content-Type="application/json"\]`
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(nil))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

func setKey(req *http.Request, key string) { // want setKey:`sets on p0 \[Idempotency-Key=p1\]`
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
}

func (c *Client) Charge(ctx context.Context, key string) error { // want Charge:`reaches HTTP via \(\*net/http.Client\).Do; sends POST \{base\}/v1/charges \[Content-Type="application/json" Idempotency-Key=p2\]`
	req, err := c.newRequest(ctx, http.MethodPost, "/v1/charges")
	if err != nil {
		return err
	}
	setKey(req, key)
	_, err = c.http.Do(req)
	return err
}

func (c *Client) ChargeFresh(ctx context.Context) error { // want ChargeFresh:`reaches HTTP via provider.Client.Charge → \(\*net/http.Client\).Do; sends POST \{base\}/v1/charges \[Content-Type="application/json" Idempotency-Key=fresh\(uuid.NewString\)\]`
	return c.Charge(ctx, uuid.NewString())
}

func NewKey() string { return "k-" + uuid.NewString() } // want NewKey:"fresh provider.NewKey"

type Events struct{ W *kafka.Writer }

func (e *Events) Emit(ctx context.Context) error { // want Emit:`reaches Kafka via \(\*github.com/segmentio/kafka-go.Writer\).WriteMessages`
	return e.W.WriteMessages(ctx, kafka.Message{})
}

// AuditClient is shaped like generated gRPC code.
type AuditClient interface {
	Record(ctx context.Context) error // want Record:`reaches gRPC via provider.auditClient.Record → \(google.golang.org/grpc.ClientConnInterface\).Invoke`
}

type auditClient struct{ cc grpc.ClientConnInterface }

func (a *auditClient) Record(ctx context.Context) error { // want Record:`reaches gRPC via \(google.golang.org/grpc.ClientConnInterface\).Invoke`
	return a.cc.Invoke(ctx, "/audit/Record", nil, nil)
}

func NewAudit(cc grpc.ClientConnInterface) AuditClient { return &auditClient{cc} }

func Pure(a, b int) int { return a + b }

// KeyStore has a remote and a local implementation: which one runs is
// configuration, so calls through the interface are not network calls.
type KeyStore interface {
	Key() (string, error)
}

type remoteKeys struct{ c *http.Client }

func (r *remoteKeys) Key() (string, error) { // want Key:`reaches HTTP via \(\*net/http.Client\).Get; sends GET https://vault/key`
	resp, err := r.c.Get("https://vault/key")
	if err != nil {
		return "", err
	}
	return resp.Status, nil
}

type localKeys struct{ key string }

func (l localKeys) Key() (string, error) { return l.key, nil }

// Publisher sends messages of kind M: a generic client, one implementation
// for every kind.
type Publisher[M any] interface {
	Publish(ctx context.Context, m M) error // want Publish:`reaches HTTP via pubhttp.Publisher.Publish → \(\*net/http.Client\).Do; sends POST \{url\}`
}

func NewPublisher[M any](c *http.Client, url string) Publisher[M] {
	return pubhttp.New[M](c, url)
}
