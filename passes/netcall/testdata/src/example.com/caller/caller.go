// Package caller calls the provider.
package caller

import (
	"context"
	"net/http"

	"example.com/provider"
)

func Use(ctx context.Context, c *provider.Client, e *provider.Events, a provider.AuditClient) {
	_ = c.Charge(ctx, "")                // want `HTTP provider.Client.Charge → \(\*net/http.Client\).Do \[POST \{base\}/v1/charges Content-Type=const\]`
	_ = c.Charge(ctx, "order-1")         // want `\[POST \{base\}/v1/charges Content-Type=const Idempotency-Key=const\]`
	_ = c.Charge(ctx, provider.NewKey()) // want `Idempotency-Key=fresh\(provider.NewKey\)\]`
	_ = c.ChargeFresh(ctx)               // want `Idempotency-Key=fresh\(provider.Client.ChargeFresh\)\]`
	_ = e.Emit(ctx)                      // want `Kafka provider.Events.Emit → \(\*github.com/segmentio/kafka-go.Writer\).WriteMessages`
	_ = a.Record(ctx)                    // want `gRPC provider.AuditClient.Record → provider.auditClient.Record → \(google.golang.org/grpc.ClientConnInterface\).Invoke`
	_ = provider.Pure(1, 2)
	go e.Emit(ctx)
	resp, err := http.Get("https://example.com") // want `HTTP net/http.Get \[GET https://example.com\]`
	if err == nil {
		resp.Body.Close()
	}
}

func Keys(ks provider.KeyStore) {
	_, _ = ks.Key() // no network: one implementation is local
}

type event struct{ id string }

// Notifier embeds the generic publisher instantiated with the caller's
// message type.
type Notifier interface {
	provider.Publisher[event]
}

func Publish(ctx context.Context, p provider.Publisher[event], n Notifier) {
	_ = p.Publish(ctx, event{id: "1"}) // want `HTTP provider.Publisher.Publish → pubhttp.Publisher.Publish → \(\*net/http.Client\).Do \[POST \{url\}\]`
	_ = n.Publish(ctx, event{id: "2"}) // want `HTTP provider.Publisher.Publish → pubhttp.Publisher.Publish → \(\*net/http.Client\).Do \[POST \{url\}\]`
}
