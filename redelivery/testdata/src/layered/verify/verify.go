// Package verify checks Stripe's signature for the handlers of other
// packages.
package verify

import (
	"io"
	"net/http"

	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// Event reads and verifies the event of a webhook request.
func Event(r *http.Request, secret string) (stripe.Event, error) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return stripe.Event{}, err
	}
	return webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), secret)
}
